import { MAX_SAMPLE_SECONDS } from "@common/voice";
import { useCallback, useEffect, useRef, useState } from "react";

export type Sample = { blob: Blob; url: string; seconds: number };

/**
 * Recording: idle, recording, then stopped with a sample. The sample is kept as a
 * blob (sent as a data URL); it stops by itself at the maximum length.
 */
export function useSampleRecorder() {
  const [state, setState] = useState<"idle" | "recording" | "stopped">("idle");
  const [seconds, setSeconds] = useState(0);
  const [sample, setSample] = useState<Sample | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const startedAt = useRef(0);

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
  }, []);

  const clear = useCallback(() => {
    setSample((current) => {
      if (current) URL.revokeObjectURL(current.url);
      return null;
    });
    setSeconds(0);
    setState("idle");
  }, []);

  useEffect(
    () => () => {
      release();
    },
    [release],
  );

  const stop = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== "inactive") active.stop();
  }, []);

  /** Throws when the microphone cannot be opened (no device, permission denied, insecure page). */
  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      throw new Error("Recording is not supported here");
    }
    const media = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    const mimeType = MediaRecorder.isTypeSupported("audio/webm;codecs=opus") ? "audio/webm;codecs=opus" : "";
    const next = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    next.onstop = () => {
      const blob = new Blob(chunks.current, { type: next.mimeType || "audio/webm" });
      const length = Math.round((Date.now() - startedAt.current) / 1000);
      release();
      setSample({ blob, url: URL.createObjectURL(blob), seconds: length });
      setState("stopped");
    };
    clear();
    stream.current = media;
    recorder.current = next;
    startedAt.current = Date.now();
    next.start(250);
    setState("recording");
    timer.current = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt.current) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_SAMPLE_SECONDS) stop();
    }, 250);
  }, [clear, release, stop]);

  return { state, seconds, sample, start, stop, clear };
}

/** The sample as the data URL the API takes. */
export function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the recording"));
    reader.readAsDataURL(blob);
  });
}

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Microphone recording per spec 1 §7.3: webm/opus with echo cancellation, noise suppression and
 * automatic gain. Mute turns the microphone track off without stopping the recording.
 */
export function useRecorder() {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [muted, setMuted] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<number | undefined>(undefined);

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
    setRecording(false);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const media = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    const mimeType = MediaRecorder.isTypeSupported("audio/webm;codecs=opus") ? "audio/webm;codecs=opus" : "";
    const next = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    next.start();
    for (const track of media.getAudioTracks()) track.enabled = !muted;
    stream.current = media;
    recorder.current = next;
    setSeconds(0);
    setRecording(true);
    timer.current = window.setInterval(() => setSeconds((s) => s + 1), 1000);
  }, [muted]);

  /** Stops and hands back the recording. */
  const stop = useCallback(async (): Promise<Blob> => {
    const active = recorder.current;
    if (!active) throw new Error("Not recording");
    const done = new Promise<Blob>((resolve) => {
      active.onstop = () => resolve(new Blob(chunks.current, { type: active.mimeType || "audio/webm" }));
    });
    active.stop();
    const blob = await done;
    release();
    return blob;
  }, [release]);

  const toggleMute = useCallback(() => {
    setMuted((current) => {
      for (const track of stream.current?.getAudioTracks() ?? []) track.enabled = current;
      return !current;
    });
  }, []);

  return { recording, seconds, muted, start, stop, toggleMute };
}

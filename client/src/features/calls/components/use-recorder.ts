import { MAX_TURN_SECONDS } from "@common/speech";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type Dictation,
  DictationUnavailable,
  findBrowserRecognition,
  startDictation,
} from "./browser-recognition";

/** What one recorded turn gave: the browser's own transcript, or audio for the server to recognise. */
export type Heard = { kind: "text"; text: string } | { kind: "audio"; blob: Blob };
export type RecorderMode = "browser" | "audio";

/**
 * Set once the browser's recogniser has failed here (no speech service, offline, headless): the
 * rest of the visit records audio for the server instead of trying it again on every turn.
 */
let browserRecognitionFailed = false;

/** Whether the Record button will use the browser's own recognition. */
export function usesBrowserRecognition(): boolean {
  return !browserRecognitionFailed && findBrowserRecognition() !== null;
}

type Callbacks = {
  /** A turn ended without Stop being pressed: the browser stopped listening, or the turn reached its limit. */
  onAutoStop(heard: Heard): void;
  /**
   * The browser's recognition failed after it began: the turn carries on as a recording for the
   * server (`recording` true), or stops when the microphone cannot be opened for it (false).
   */
  onFallback(recording: boolean): void;
};

/**
 * The Record button's microphone. Where the browser offers speech recognition, it listens and
 * shows the words as they are heard, and the turn is sent as text; otherwise (or when it fails)
 * it records per the spec, webm/opus with echo cancellation, noise suppression and automatic
 * gain, for the server to recognise. Mute keeps the turn going without hearing the caller. A turn
 * stops by itself at MAX_TURN_SECONDS.
 */
export function useRecorder(callbacks: Callbacks) {
  const [recording, setRecording] = useState(false);
  const [mode, setMode] = useState<RecorderMode | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [muted, setMuted] = useState(false);
  const [interim, setInterim] = useState("");
  const recorder = useRef<MediaRecorder | null>(null);
  const dictation = useRef<Dictation | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const mutedRef = useRef(muted);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  mutedRef.current = muted;

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    timer.current = undefined;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
    dictation.current = null;
    setRecording(false);
    setMode(null);
  }, []);

  useEffect(
    () => () => {
      dictation.current?.cancel();
      release();
    },
    [release],
  );

  const startAudio = useCallback(async () => {
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
    for (const track of media.getAudioTracks()) track.enabled = !mutedRef.current;
    stream.current = media;
    recorder.current = next;
    setMode("audio");
  }, []);

  /** Stops and hands back the turn. */
  const stop = useCallback(async (): Promise<Heard> => {
    const listening = dictation.current;
    if (listening) {
      const text = await listening.stop();
      release();
      setInterim("");
      return { kind: "text", text };
    }
    const active = recorder.current;
    if (!active) throw new Error("Not recording");
    const done = new Promise<Blob>((resolve) => {
      active.onstop = () => resolve(new Blob(chunks.current, { type: active.mimeType || "audio/webm" }));
    });
    active.stop();
    const blob = await done;
    release();
    return { kind: "audio", blob };
  }, [release]);

  const startTimer = useCallback(() => {
    setSeconds(0);
    const startedAt = Date.now();
    timer.current = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_TURN_SECONDS) {
        window.clearInterval(timer.current);
        void stop().then((heard) => callbacksRef.current.onAutoStop(heard));
      }
    }, 250);
  }, [stop]);

  /**
   * Starts a turn: the browser's recognition where it works, else a recording. Throws when the
   * microphone cannot be opened (blocked, missing, insecure page).
   */
  const start = useCallback(async (): Promise<RecorderMode> => {
    const Recognizer = browserRecognitionFailed ? null : findBrowserRecognition();
    if (Recognizer) {
      try {
        dictation.current = await startDictation(Recognizer, {
          lang: navigator.language || "en-US",
          onText: setInterim,
          onEnded(text) {
            release();
            setInterim("");
            callbacksRef.current.onAutoStop({ kind: "text", text });
          },
          onFailed() {
            browserRecognitionFailed = true;
            dictation.current = null;
            setInterim("");
            startAudio().then(
              () => callbacksRef.current.onFallback(true),
              () => {
                release();
                callbacksRef.current.onFallback(false);
              },
            );
          },
        });
        dictation.current.setMuted(mutedRef.current);
        setMode("browser");
        setRecording(true);
        startTimer();
        return "browser";
      } catch (error) {
        dictation.current = null;
        if (error instanceof DictationUnavailable && error.reason === "denied") throw error;
        browserRecognitionFailed = true;
      }
    }
    await startAudio();
    setRecording(true);
    startTimer();
    return "audio";
  }, [release, startAudio, startTimer]);

  const toggleMute = useCallback(() => {
    setMuted((current) => {
      for (const track of stream.current?.getAudioTracks() ?? []) track.enabled = current;
      dictation.current?.setMuted(!current);
      return !current;
    });
  }, []);

  return { recording, mode, seconds, muted, interim, start, stop, toggleMute };
}

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Plays the assistant's replies in the workspace's voice (the audio a phone call plays), one at a
 * time: a new reply stops the one still playing. `playing` is the address being played.
 */
export function useReplyAudio() {
  const player = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  useEffect(() => () => player.current?.pause(), []);

  const play = useCallback((url: string) => {
    player.current?.pause();
    const audio = new Audio(url);
    player.current = audio;
    setPlaying(url);
    const done = () => setPlaying((current) => (current === url ? null : current));
    audio.onended = done;
    audio.onerror = done;
    // A browser may refuse sound before the person has used the page: the reply's button plays it.
    audio.play().catch(done);
  }, []);

  return { play, playing };
}

/**
 * A gentle looping arpeggio made with Web Audio, so hold music needs no audio file.
 * Returns a function that stops it.
 */
export function playHoldMusic(): () => void {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return () => {};
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.gain.value = 0.05;
  gain.connect(context.destination);
  const notes = [261.63, 329.63, 392.0, 523.25, 392.0, 329.63];
  let step = 0;
  const playNote = () => {
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = notes[step % notes.length] ?? 261.63;
    envelope.gain.setValueAtTime(0, context.currentTime);
    envelope.gain.linearRampToValueAtTime(1, context.currentTime + 0.05);
    envelope.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.45);
    oscillator.connect(envelope).connect(gain);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.5);
    step++;
  };
  playNote();
  const timer = window.setInterval(playNote, 500);
  return () => {
    window.clearInterval(timer);
    void context.close();
  };
}

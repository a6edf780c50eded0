// The urgent-alarm sound through Web Audio: one oscillator tone of the given length, and the user-gesture check.
const TONE_HZ = 880;
const TONE_GAIN = 0.2;

let context: AudioContext | undefined;
let playing: OscillatorNode | undefined;

/** True where the browser says this tab never had a user gesture, so audio would stay muted. */
export function soundNeedsGesture(): boolean {
  if (typeof navigator === 'undefined') return false;
  return navigator.userActivation?.hasBeenActive === false;
}

/** Plays a tone for `durationMs`; does nothing where Web Audio is missing. Scheduled by the audio clock, no timers. */
export function playAlarmTone(durationMs: number): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  stopAlarmTone();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = TONE_HZ;
  gain.gain.value = TONE_GAIN;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + durationMs / 1000);
  playing = oscillator;
}

/** Silences a tone still playing. */
export function stopAlarmTone(): void {
  try {
    playing?.stop();
  } catch {
    // Already stopped: nothing to silence.
  }
  playing = undefined;
}

// The playback's controls over the real clock hook: play and pause, the speeds, seeking by keyboard on the slider,
// following; the clock moves with animation frames while playing and stops at the end.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '../../../../src/app/i18n';
import { PlaybackControls } from '../../../../src/app/monitor/playback/PlaybackControls';
import { usePlaybackClock } from '../../../../src/app/monitor/playback/use-playback-clock';

const RANGE = { start: 1_000_000, end: 1_000_000 + 3_600_000 };

function Harness() {
  const { clock, play, pause, seek, setSpeed } = usePlaybackClock(RANGE);
  const [follow, setFollow] = useState(true);
  return (
    <div data-testid="harness" data-time={clock.time} data-playing={clock.playing} data-speed={clock.speed} data-follow={follow}>
      <PlaybackControls
        clock={clock} range={RANGE} follow={follow} formatTime={(ms) => `t+${(ms - RANGE.start) / 60_000}`}
        onPlay={play} onPause={pause} onSeek={seek} onSpeed={setSpeed} onFollow={setFollow}
      />
    </div>
  );
}

const state = () => screen.getByTestId('harness').dataset;

describe('the playback controls', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(cleanup);

  it('plays, moves the time with the frames, and pauses', async () => {
    render(<Harness />);
    expect(state()).toMatchObject({ playing: 'false', time: String(RANGE.start) });
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(state().playing).toBe('true');
    await waitFor(() => expect(Number(state().time)).toBeGreaterThan(RANGE.start));
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    const paused = state().time;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(state()).toMatchObject({ playing: 'false', time: paused });
  });

  it('offers the five speeds and takes the one chosen', () => {
    render(<Harness />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual(['×1', '×2', '×5', '×10', '×20']);
    fireEvent.click(screen.getByRole('radio', { name: '×20' }));
    expect(state().speed).toBe('20');
  });

  it('says what a speed means: ×1 plays a minute of track a second, ×20 twenty', () => {
    render(<Harness />);
    expect(screen.getByText('×1 每秒播放 1 分钟轨迹')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '×20' }).closest('label')?.title).toBe('每秒播放 20 分钟轨迹');
  });

  it('seeks with the slider and tells where it stands', () => {
    render(<Harness />);
    const slider = screen.getByRole('slider', { name: '回放进度' });
    fireEvent.change(slider, { target: { value: String(RANGE.start + 30 * 60_000) } });
    expect(state().time).toBe(String(RANGE.start + 30 * 60_000));
    expect(slider.getAttribute('aria-valuetext')).toBe('t+30');
    expect(screen.getByTestId('playback-time').textContent).toBe('t+30');
  });

  it('toggles following the truck', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('checkbox', { name: '跟随车辆' }));
    expect(state().follow).toBe('false');
  });

  it('stops at the end, and plays again from the start', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: String(RANGE.end - 1000) } });
    fireEvent.click(screen.getByRole('radio', { name: '×20' }));
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    await waitFor(() => expect(state()).toMatchObject({ playing: 'false', time: String(RANGE.end) }));
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(state().time).toBe(String(RANGE.start));
  });
});

// Draws a verification code as an SVG picture with jittered glyphs and noise lines.
function seeded(code: string): () => number {
  let state = [...code].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A data URL; the same code always draws the same picture. */
export function captchaImageUrl(code: string, width = 120, height = 40): string {
  const rnd = seeded(code);
  const step = width / (code.length + 1);
  const glyphs = [...code]
    .map((ch, i) => {
      const x = step * (i + 0.6);
      const y = height * 0.7 + (rnd() - 0.5) * 8;
      const angle = Math.round((rnd() - 0.5) * 40);
      const hue = Math.round(rnd() * 360);
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" transform="rotate(${angle} ${x.toFixed(1)} ${y.toFixed(1)})" fill="hsl(${hue},60%,35%)">${ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const [x1, y1, x2, y2] = [rnd() * width, rnd() * height, rnd() * width, rnd() * height].map((n) => n.toFixed(1));
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${Math.round(rnd() * 360)},40%,60%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="24" font-weight="bold"><rect width="100%" height="100%" fill="#eef2f7"/>${lines}${glyphs}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// Names and addresses on a map are data: Leaflet's tooltips and labels take markup, so text goes in escaped.
export function escapeText(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

export function AdSlot() {
  return null;
}

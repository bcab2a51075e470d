import { useEffect, useState } from "react";

/** The value once it has stopped changing for `delay` ms; `flush` adopts the latest value at once. */
export function useDebouncedValue<T>(value: T, delay: number): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return [settled, setSettled];
}

"use client";

import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A ref that always holds the last committed `value`, for callbacks and effects that must call
 * the newest handler without re-subscribing. Written after commit, never during render.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

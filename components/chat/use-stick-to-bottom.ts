"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** Distance from the bottom (px) still counted as "at the bottom". */
const THRESHOLD = 48;

/**
 * Keeps a scroll container pinned to its end while content grows, until the user scrolls
 * up; scrolling back down (or `scrollToBottom`) pins it again.
 */
export function useStickToBottom<T extends HTMLElement, C extends HTMLElement>() {
  const containerRef = useRef<T>(null);
  const contentRef = useRef<C>(null);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback((behavior: ScrollBehavior = "auto") => {
    const el = containerRef.current;
    if (!el) return;
    stuck.current = true;
    setAtBottom(true);
    el.scrollTo({ top: el.scrollHeight, behavior });
  }, []);

  useEffect(() => {
    const el = containerRef.current;
    const content = contentRef.current;
    if (!el || !content) return;

    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      const bottom = distance <= THRESHOLD;
      stuck.current = bottom;
      setAtBottom(bottom);
    };
    // A wheel or touch move upwards is the user's intent to read back: unpin at once.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stuck.current = false;
    };
    const onTouchMove = () => {
      stuck.current = false;
    };
    const observer = new ResizeObserver(() => {
      if (stuck.current) el.scrollTop = el.scrollHeight;
    });

    observer.observe(content);
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("wheel", onWheel, { passive: true });
    el.addEventListener("touchmove", onTouchMove, { passive: true });
    el.scrollTop = el.scrollHeight;
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("wheel", onWheel);
      el.removeEventListener("touchmove", onTouchMove);
    };
  }, []);

  return { containerRef, contentRef, atBottom, scrollToBottom };
}

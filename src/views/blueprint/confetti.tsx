import { useEffect, useState } from 'react';
import { CONFETTI } from '#domain/blueprint.ts';

interface Piece {
  left: number;
  delay: number;
  duration: number;
  color: string;
  rotate: number;
  size: number;
}

const COLORS = ['#1d3fbf', '#0f7b6c', '#f59e0b', '#db2777', '#7c3aed', '#16a34a'];

/**
 * The burst at 100 (SPEC 4 and 9): 60 to 100 pieces falling under gravity for up to 8 seconds,
 * with a 3-second sparkle on the score. Nothing at all under `prefers-reduced-motion`. Decorative:
 * hidden from assistive technology, which hears the label once instead.
 */
function makePieces(): Piece[] | null {
  if (
    typeof window === 'undefined' ||
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  )
    return null;
  const count =
    CONFETTI.minPieces + Math.floor(Math.random() * (CONFETTI.maxPieces - CONFETTI.minPieces + 1));
  return Array.from({ length: Math.min(count, CONFETTI.maxParticles) }, (_, i) => ({
    left: Math.random() * 100,
    delay: Math.random() * 600,
    duration: CONFETTI.lifeMs * (0.5 + Math.random() * 0.5) - 600,
    color: COLORS[i % COLORS.length]!,
    rotate: Math.random() * 720 - 360,
    size: 6 + Math.random() * 6,
  }));
}

export function Confetti({ label }: { label: string }) {
  // Rendered in the browser only (the summary is), so the random burst is made once, on mount.
  const [pieces] = useState(makePieces);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), CONFETTI.lifeMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {pieces && !done ? (
        <div
          className="blueprint-confetti"
          aria-hidden="true"
          data-pieces={pieces.length}
          style={{ ['--sparkle-ms' as string]: `${CONFETTI.sparkleMs}ms` }}
        >
          <span className="blueprint-confetti__sparkle" />
          {pieces.map((piece, i) => (
            <span
              key={i}
              className="blueprint-confetti__piece"
              style={{
                left: `${piece.left}%`,
                width: piece.size,
                height: piece.size * 0.4,
                background: piece.color,
                animationDelay: `${piece.delay}ms`,
                animationDuration: `${piece.duration}ms`,
                ['--rotate' as string]: `${piece.rotate}deg`,
              }}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}

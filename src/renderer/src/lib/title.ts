/** Each screen names itself in the window title and the browser's history: "Metformin — Materia". */
import { useEffect } from 'react';

export function useTitle(...parts: (string | null | undefined | false)[]): void {
  const title = [...parts.filter((p): p is string => !!p), 'Materia'].join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import type { EventPhase } from '@lianmeng/core';
import { Mark, type MarkTone } from '../../shared/readable';

const PHASE_TONES: Record<EventPhase, MarkTone> = {
  upcoming: 'blue',
  registering: 'green',
  underway: 'orange',
  publicizing: 'purple',
  finished: 'grey',
};

/** The phase in words inside a bordered box: it reads the same without its colour. */
export const PhaseMark = ({ phase, label }: { phase: EventPhase; label: string }) => (
  <span className="event-phase" data-phase={phase}>
    <Mark tone={PHASE_TONES[phase]}>{label}</Mark>
  </span>
);

import { TEAM_STATE_LABELS, type TeamState } from '@lianmeng/core';
import { Mark, type MarkTone } from '../../shared/readable';

const TONES: Record<TeamState, MarkTone> = {
  draft: 'grey',
  submitted: 'blue',
  returned: 'red',
  approved: 'green',
};

/** A team's state in words inside a bordered box: it reads the same without its colour. */
export const TeamStateMark = ({ state }: { state: TeamState }) => (
  <Mark tone={TONES[state]}>{TEAM_STATE_LABELS[state]}</Mark>
);

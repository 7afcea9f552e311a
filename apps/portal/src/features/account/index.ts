export { AccountHeaderEntry } from './AccountHeaderEntry';
export { RequireCardHolder } from './RequireCardHolder';
export { chooseCard, logOut, saveLogin } from './sessionActions';
export { notifySessionChanged, useCardSession } from './useCardSession';

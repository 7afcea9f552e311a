// Loads no schema library: the browser builds take this module as it is (the contract plugin re-exports it).

/** The window's order, checked on both bodies once both ends are known. */
export const eventWindowIssue = (event: {
  registrationOpens?: string;
  registrationCloses?: string;
  resultsFrom?: string;
}) => {
  const { registrationOpens, registrationCloses, resultsFrom } = event;
  if (registrationOpens && registrationCloses && Date.parse(registrationCloses) <= Date.parse(registrationOpens)) {
    return { path: 'registrationCloses', message: '报名截止时间应晚于开始时间' };
  }
  // Results come after the close (a Beijing date, compared with the close's Beijing date).
  if (registrationCloses && resultsFrom) {
    const closeDay = new Date(Date.parse(registrationCloses) + 8 * 3600_000).toISOString().slice(0, 10);
    if (resultsFrom < closeDay) return { path: 'resultsFrom', message: '成绩公布日期不能早于报名截止日期' };
  }
  return null;
};

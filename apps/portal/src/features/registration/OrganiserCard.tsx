import { api, type OrganisedEvent } from '@lianmeng/core';
import { Card } from 'antd';
import { useEffect, useState } from 'react';
import { quietHttp } from '../../app/api';
import { ResultsPanel } from '../results/ResultsPanel';
import { MatchReviewPanel } from './MatchReviewPanel';

/**
 * 赛事审核 in the institution workbench (review, then 成绩录入 once an event's window has closed): only for an institution that organises at least one event (the server
 * lists the events it organises); for any other institution, nothing. Asked quietly: a school that organises
 * nothing has nothing to be told.
 */
export const OrganiserCard = () => {
  const [organises, setOrganises] = useState(false);
  const [resultsOf, setResultsOf] = useState<OrganisedEvent | null>(null);

  useEffect(() => {
    let live = true;
    void quietHttp.call(api.matchOrganiser.events, { query: { pageNum: 1, pageSize: 1 } }).then((result) => {
      if (live) setOrganises(result.ok && result.data.list.length > 0);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!organises) return null;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>赛事审核</h2>}
      style={{ marginTop: 16 }}
      data-testid="organiser-card"
    >
      {resultsOf ? (
        <ResultsPanel eventId={resultsOf.id} eventName={resultsOf.name} onBack={() => setResultsOf(null)} />
      ) : (
        <MatchReviewPanel calls={api.matchOrganiser} onResults={setResultsOf} />
      )}
    </Card>
  );
};

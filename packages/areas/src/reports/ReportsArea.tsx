import { ToolLanding } from '../kit/ToolLanding';
import { REPORT_ROUTES } from './report-routes';

/** reports, adhocs, exports, oreports, query-builder: the reporting tools of the suite. */
export function ReportsArea() {
  return (
    <ToolLanding
      title="Reports"
      lead="Reports, exports and queries over the data of every app you can use."
      routes={REPORT_ROUTES}
    />
  );
}

import { ChartPage } from '@/features/matka/components/ChartPage';

export default function MatkaChartRoute() {
  return <ChartPage />;
}

/** Kezdőlap (spec §2) — being built (issue 8). */
import { ComingSoon } from '../../components/coming-soon'

export default function DashboardScreen() {
  return <ComingSoon title="Kezdőlap" />
}

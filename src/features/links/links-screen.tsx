/** Linkrövidítő (spec §2) — being built (issue 9). */
import { ComingSoon } from '../../components/coming-soon'

export default function LinksScreen() {
  return <ComingSoon title="Linkrövidítő" />
}

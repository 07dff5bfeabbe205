import { SIM_HOSTS } from '../../simulator/contract'
import { clearFaults, setLatency } from './sim'

/** Back to the simulator as playwright.config.ts starts it: no faults, 5 ms on every host. */
export async function resetSim(): Promise<void> {
  await clearFaults()
  for (const host of SIM_HOSTS) await setLatency(host, 5)
}

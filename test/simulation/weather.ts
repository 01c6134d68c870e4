import type { QueueChaos } from "./chaos-queue";
import type { SchedulerChaos } from "./chaos-scheduler";
import { MINUTE, SECOND } from "./durations";
import type { HttpChaos } from "./http-recorder";
import type { Random } from "./random";

/**
 * What a seed draws before any move: how often messages are lost, doubled or late, how often effects fail,
 * how many workers there are and how long their leases and invocations run, how often they die.
 */
export interface Weather {
  queue: QueueChaos;
  scheduler: SchedulerChaos;
  http: HttpChaos;
  workers: number;
  leaseMs: number;
  stepsPerInvocation: number;
  faultRate: number;
  redeliveryRate: number;
}

export function drawWeather(random: Random): Weather {
  return {
    queue: {
      lossRate: random.pick([0, 0.05, 0.2]),
      duplicateRate: random.pick([0.1, 0.3, 0.6]),
      lateRate: random.pick([0, 0.2]),
      maxLateMs: 30 * SECOND,
    },
    scheduler: {
      lossRate: random.pick([0, 0.05]),
      doubleRate: random.pick([0, 0.2]),
      maxLateMs: random.pick([0, 90 * SECOND]),
    },
    http: {
      serverErrorRate: random.pick([0, 0.2]),
      failureRate: random.pick([0, 0.1]),
    },
    workers: random.between(2, 3),
    leaseMs: random.pick([5 * SECOND, 20 * SECOND, MINUTE]),
    stepsPerInvocation: random.pick([1, 3, 50]),
    faultRate: random.pick([0, 0.02, 0.05, 0.1]),
    redeliveryRate: random.pick([0.5, 1]),
  };
}

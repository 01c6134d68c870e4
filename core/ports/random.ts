/**
 * The core's one source of chance (a pause's jitter): injected like the clock, so the simulation draws it
 * from its seed and a schedule replays exactly. Uniform in [0, 1).
 */
export type RandomSource = () => number;

export const systemRandom: RandomSource = () => Math.random();

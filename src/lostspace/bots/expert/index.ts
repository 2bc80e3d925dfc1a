// `builtin:expert`: determinized Monte Carlo search over whole-turn plans with our rules engine.
export { createExpertPlayer, DEFAULT_BUDGET_MS, SIMS_PER_MS, HORIZON, type ExpertOptions, type ExpertPlayer, type DecisionRecord } from './player.js'

/**
 * What the MaiCore link needs from a JavaScript sandbox: the core sandbox's contract
 * (src/core/sandbox/types.ts), named here so the link's modules import it from one place.
 */
export type { HostFunction, ProgramSpec, ProgramResult, ProgramRunner } from '../../../core/sandbox/types.js'

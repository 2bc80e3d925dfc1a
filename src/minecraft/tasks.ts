/**
 * Where tasks come from: in-game chat from players on an allow-list
 * (`@<botname> <task>`, `@<botname> stop`), the command line (`--task`) and the
 * control API (src/minecraft/control/). Chat from anyone else is ignored and
 * nothing runs.
 */
import type { Body } from './body/types.js'
import type { Logger } from '../core/logger.js'
import type { LynxMindLink, TaskRecord } from './links/lynxmind.js'

export type ChatCommand = { kind: 'task'; text: string } | { kind: 'stop' } | { kind: 'status' }

const STOP_WORDS = new Set(['stop', 'cancel', 'halt', 'abort'])

/** `@Lynx get 1 stone_pickaxe` → task; `@Lynx stop` → stop; anything not addressed to the bot → undefined. */
export function parseChatCommand(message: string, botName: string): ChatCommand | undefined {
  const m = /^\s*@([A-Za-z0-9_]+)[\s,:]+(.*)$/s.exec(message)
  if (!m || m[1]!.toLowerCase() !== botName.toLowerCase()) return undefined
  const text = m[2]!.trim()
  if (!text) return undefined
  const word = text.toLowerCase().replace(/[.!]+$/, '')
  if (STOP_WORDS.has(word)) return { kind: 'stop' }
  if (word === 'status') return { kind: 'status' }
  return { kind: 'task', text }
}

export interface ChatTaskOptions {
  body: Body
  link: LynxMindLink
  /** Player names allowed to give tasks (case-insensitive). */
  allow: string[]
  logger?: Logger
  /** Answer in chat (default true). */
  reply?: boolean
}

/** Wires chat to tasks. Returns a function that detaches the listeners. */
export function attachChatTasks(opts: ChatTaskOptions): () => void {
  const allowed = new Set(opts.allow.map((a) => a.toLowerCase()))
  const reply = opts.reply ?? true
  const chatTasks = new Set<number>()
  const say = (m: string) => {
    if (reply) opts.link.say(m)
  }
  const onChat = (username: string, message: string) => {
    if (typeof username !== 'string' || typeof message !== 'string') return
    if (username === opts.body.username) return
    const cmd = parseChatCommand(message, opts.body.username)
    if (!cmd) return
    if (!allowed.has(username.toLowerCase())) {
      opts.logger?.info('ignoring a command from a player not on the allow-list', { player: username })
      return
    }
    try {
      if (cmd.kind === 'stop') {
        void opts.link.cancelTask(`stopped by ${username}`).then((t) => say(t ? `stopped: ${t.text}` : 'nothing to stop'))
      } else if (cmd.kind === 'status') {
        const t = opts.link.current()
        say(t ? `working on: ${t.text} (${t.actions} action${t.actions === 1 ? '' : 's'} so far)` : 'idle')
      } else {
        const t = opts.link.createTask(cmd.text, `chat:${username}`)
        chatTasks.add(t.id)
        say(`on it: ${t.text}`)
      }
    } catch (err) {
      say(`cannot: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  const onTask = (t: TaskRecord) => {
    if (t.status === 'running' || !chatTasks.has(t.id)) return
    chatTasks.delete(t.id)
    if (t.status === 'cancelled' && /^stopped by /.test(t.reason ?? '')) return
    say(`${t.status}: ${t.text}${t.reason ? ` (${t.reason.slice(0, 150)})` : ''}`)
  }
  opts.body.on('chat', onChat)
  opts.link.on('task', onTask)
  return () => {
    opts.body.off('chat', onChat)
    opts.link.off('task', onTask)
  }
}

// The one loop that registers every bridge channel with ipcMain.
import { ipcMain, type WebContents } from 'electron'
import { CHANNEL_NAMES } from '../../src-shared/bridge.ts'
import { dispatch, type HandlerContext, type Handlers } from '../bridge/registry.ts'
import { isTrustedSender } from './sender.ts'

export function registerBridge(
  handlers: Handlers,
  appUrl: string,
  findContents: (subscriberId: string) => WebContents | undefined,
): HandlerContext['emit'] {
  const emit: HandlerContext['emit'] = (subscriberId, event, payload) => {
    findContents(subscriberId)?.send(event, payload)
  }
  for (const name of CHANNEL_NAMES) {
    ipcMain.handle(name, async (event, input: unknown) => {
      const frame = event.senderFrame
      if (
        !isTrustedSender(
          frame ? { url: frame.url, isMainFrame: frame === frame.top } : null,
          appUrl,
        )
      ) {
        return {
          ok: false,
          error: { code: 'FORBIDDEN', message: 'Refused: not the Flowdeck window.' },
        }
      }
      return dispatch(handlers, name, input, {
        mode: 'electron',
        subscriberId: String(event.sender.id),
        emit,
      })
    })
  }
  return emit
}

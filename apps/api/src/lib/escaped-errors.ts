import { currentRequest } from './request-scope';

/**
 * An error that escaped every handler (an error event no one listened to, a rejected promise no
 * one awaited) is logged with the request it came from, and the process goes on serving: one
 * visitor's broken connection must never end the requests of the others. Failures at start-up
 * happen before this is installed and still end the process.
 */
export function keepServingAfterEscapedErrors(log: { error(details: object, message: string): void }) {
  process.on('uncaughtException', (err) => {
    log.error({ err, req: currentRequest() }, 'an error escaped its handler; still serving');
  });
  process.on('unhandledRejection', (err) => {
    log.error({ err, req: currentRequest() }, 'a rejected promise was not handled; still serving');
  });
}

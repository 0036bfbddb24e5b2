// The runner of the integration and e2e projects: jest's own, always serial (in band, in the main
// process, one test file at a time, as before), because those files share one local cloud — its
// mailbox, its queues, its test clock — and a test that moves the clock or drains a queue must not run
// beside another. jest runs each runner's files as one group after the other, so the unit and cdk
// files (the default runner) use both workers (jest.config.js maxWorkers) and these then run alone.
import TestRunner from 'jest-runner';

export default class SerialRunner extends TestRunner {
  constructor(globalConfig, context) {
    super(globalConfig, context);
    // A field of the base class (declared, undefined): set it after super(), not as a getter.
    this.isSerial = true;
  }
}

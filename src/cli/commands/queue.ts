// `deidstack queue submit | status | collect` and `deidstack worker`: distributed runs on BullMQ/Redis (src/queue).
export { queueSubmit } from "../../queue/submit.js";
export { queueStatus, queueCollect, formatStatus } from "../../queue/status.js";
export { queueWorker } from "../../queue/worker.js";

// The friend-requests module's front door: the friend-request service, sending a request, the
// contact sources a request leaves and the push of changed requests.
export { publishRequests } from './friend-request.push.ts';
export { setContactSources } from './friend-request.repository.ts';
export { sendFriendRequest } from './friend-request.send.ts';
export { FriendRequestService } from './friend-request.service.ts';

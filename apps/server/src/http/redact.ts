/** Path segments that carry secrets (tokenised links) are never written to the logs. */
const SECRET_SEGMENT = /(\/(?:unsubscribe|token|reset|verify)\/)[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:token|code|password|key|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

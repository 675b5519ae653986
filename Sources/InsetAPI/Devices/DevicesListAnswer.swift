public import DeviceCatalog
import HTTPTypes
public import ServiceKit

extension DevicesEndpoints {
    /// `GET /devices` as an HTTP answer: the list (`list(catalog:family:model:)`) with the
    /// registry's strong `ETag`, or 304 with no body and the `ETag` repeated when
    /// `If-None-Match` holds that tag or `*`. The filters are checked first: a bad one is
    /// 422 whatever the precondition (RFC 9110 §13.2.1).
    /// - Parameter ifNoneMatch: the values of every `If-None-Match` field, in order.
    /// - Throws: 422 (`/family`, `/model`) for a bad filter.
    public static func listAnswer(catalog: DeviceCatalog, family: String?, model: String?, ifNoneMatch: [String]) throws(Problem) -> RouteResponse {
        let body = try list(catalog: catalog, family: family, model: model)
        let etag = listETag(catalog)
        if EntityTag.notModified(ifNoneMatch: ifNoneMatch, etag: etag) {
            // libmicrohttpd sends no body with a 304 but states the length of the buffer it
            // was handed: the 200's bytes make that `Content-Length` the 200's, the only one
            // RFC 9110 §8.6 allows on a 304.
            return RouteResponse(status: .notModified, headerFields: [.eTag: etag], body: body)
        }
        return RouteResponse(headerFields: [.contentType: "application/json", .eTag: etag], body: body)
    }

    /// The strong `ETag` of every `GET /devices` answer: the registry's digest, which changes
    /// whenever a device file does (one tag for every filter, each of which is its own
    /// resource).
    public static func listETag(_ catalog: DeviceCatalog) -> String {
        EntityTag.strong(catalog.digest)
    }
}

import Foundation
public import ServiceKit
import JSONCore
import HTTPTypes

/// Test-only routes (not product endpoints): `POST /test/echo` parses its JSON body with
/// Foundation and answers how many keys it had (400 on malformed JSON);
/// `GET /test/items/{id}` echoes its parameter; `GET /test/slow` answers after a pause.
public enum TestRoutes {
    public static let echo = Route(.post, "/test/echo", body: .json) { request throws(Problem) in
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            throw Problem.malformed("the body is not a JSON object")
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("keys", object.count)
        writer.endObject()
        return .json(writer)
    }

    public static let item = Route(.get, "/test/items/{id}") { request in
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("id", request.parameter("id") ?? "")
        writer.field("requestId", request.requestID)
        writer.endObject()
        return .json(writer)
    }

    public static let slow = Route(.get, "/test/slow") { _ in
        Thread.sleep(forTimeInterval: 0.3)
        return RouteResponse(body: Array("done".utf8))
    }

    public static let all = [echo, item, slow]
}

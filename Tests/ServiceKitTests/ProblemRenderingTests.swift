@testable import ServiceKit
import ServiceTestSupport
import HTTPTypes
import Testing

@Test func problemsRenderTheirKeysInOrder() {
    let plain = Problem(status: 404, detail: "no resource at /x").response
    #expect(plain.status == 404)
    #expect(plain.headerFields[.contentType] == "application/problem+json")
    #expect(plain.text == #"{"type":"/problems/not-found","title":"Not found","status":404,"detail":"no resource at /x"}"#)

    let invalid = Problem.invalid([
        FieldProblem(pointer: "/root/id", detail: "required"),
        FieldProblem(pointer: "/root/frame/width", detail: "must be a finite number >= 0"),
    ]).response
    #expect(invalid.text == #"{"type":"/problems/invalid-request","title":"Invalid request","status":422,"detail":"2 problems in the request","errors":[{"pointer":"/root/id","detail":"required"},{"pointer":"/root/frame/width","detail":"must be a finite number >= 0"}]}"#)
}

@Test(arguments: [(400, "/problems/malformed-json"), (405, "/problems/method-not-allowed"), (413, "/problems/payload-too-large"),
                  (415, "/problems/unsupported-media-type"), (503, "/problems/draining")])
func problemTypesFollowTheStatus(status: Int, type: String) {
    #expect(Problem(status: HTTPResponse.Status(code: status), detail: "d").response.jsonObject?["type"] as? String == type)
}

@Test func problemDetailsAreEscaped() {
    #expect(Problem(status: 404, detail: "no resource at /\"\n").response.jsonObject?["detail"] as? String == "no resource at /\"\n")
}

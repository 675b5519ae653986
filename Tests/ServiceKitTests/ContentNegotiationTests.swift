import HTTPTypes
@testable import ServiceKit
import ServiceTestSupport
import Testing

/// API.md "Endpoints", content negotiation: JSON or the endpoint's other type by q-values,
/// the most specific range deciding each type's q, ties to JSON, q=0 excluding, else 406.
@Suite struct ContentNegotiationTests {
    /// The chosen type's name, or "406".
    func chosen(_ accept: String?, _ alternative: AnswerType = .csv) -> String {
        do {
            return try ContentNegotiation.choose(accept: accept, alternative: alternative).name
        } catch {
            #expect(error.status == 406 && error.type == "/problems/not-acceptable")
            return "406"
        }
    }

    @Test func noPreferenceGivesJSON() {
        for accept in [nil, "", "   ", "*/*", "application/*", "application/json", "application/json; charset=utf-8", "APPLICATION/JSON"] {
            #expect(chosen(accept) == "application/json", "\(accept ?? "nil")")
        }
    }

    @Test func theOtherTypeOrItsMajorTypeGivesIt() {
        #expect(chosen("text/csv") == "text/csv")
        #expect(chosen("text/*") == "text/csv")
        #expect(chosen("Text/CSV") == "text/csv")
        #expect(chosen("text/csv; charset=UTF-8") == "text/csv")
        #expect(chosen("text/csv;header=present") == "text/csv")
        #expect(chosen("text/css", .css) == "text/css")
        #expect(chosen("text/*", .css) == "text/css")
    }

    @Test func higherQWinsAndATieGoesToJSON() {
        #expect(chosen("application/json;q=0.5, text/csv") == "text/csv")
        #expect(chosen("text/csv;q=0.5, application/json") == "application/json")
        #expect(chosen("text/csv, */*") == "application/json")
        #expect(chosen("text/csv;q=0.8, application/json;q=0.8") == "application/json")
        #expect(chosen("text/csv;q=0.801, */*;q=0.8") == "text/csv")
        // A browser's navigation: both come in through */* at 0.8.
        #expect(chosen("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8") == "application/json")
    }

    @Test func theMostSpecificRangeSetsEachTypesQ() {
        // text/csv's own q=1 wins over */*;q=0.1 even though */* comes first.
        #expect(chosen("*/*;q=0.1, text/csv") == "text/csv")
        // text/csv;q=0 excludes CSV though text/* would take it.
        #expect(chosen("text/*, text/csv;q=0") == "406")
        #expect(chosen("text/*;q=0.9, text/csv;q=0.2, application/*;q=0.5") == "application/json")
        // application/json;q=0 excludes JSON though */* would take it.
        #expect(chosen("*/*, application/json;q=0") == "text/csv")
        // A range with a parameter the answer has is more specific than the bare type.
        #expect(chosen("text/csv;q=0.1, text/csv;charset=utf-8;q=0.9, application/json;q=0.5") == "text/csv")
        // The first of two equally specific ranges counts.
        #expect(chosen("text/csv;q=0.2, text/csv;q=0.9, application/json;q=0.5") == "application/json")
    }

    @Test func qZeroExcludesAndNothingAcceptableIs406() {
        #expect(chosen("text/html") == "406")
        #expect(chosen("image/*, text/plain") == "406")
        #expect(chosen("application/json;q=0") == "406")
        #expect(chosen("*/*;q=0") == "406")
        #expect(chosen("text/csv;q=0, application/json;q=0.000") == "406")
        #expect(chosen("text/css", .csv) == "406")
        #expect(chosen("text/csv", .css) == "406")
        // A parameter the answer does not have: the range does not name it.
        #expect(chosen("text/csv;charset=latin1") == "406")
        #expect(chosen("application/json;version=2") == "406")
        #expect(chosen("application/problem+json") == "406")
    }

    @Test func elementsThatAreNoMediaRangeAreLeftOut() {
        // Nothing readable at all: as if there were no Accept.
        for accept in ["garbage", ",,", "*/csv", "text/csv;q=2", "text/csv;q=0.0001", "text/", "/csv", "text/csv;q"] {
            #expect(chosen(accept) == "application/json", "\(accept)")
        }
        // The readable ones decide.
        #expect(chosen("garbage, text/csv") == "text/csv")
        #expect(chosen("text/csv;q=1.5, text/html") == "406")
        #expect(chosen("text/csv;q=1.000") == "text/csv")
        #expect(chosen("text/csv;q=0.") == "406")
    }

    @Test func quotedParameterValuesAndCommasInThem() {
        #expect(chosen(#"text/csv;charset="utf-8""#) == "text/csv")
        #expect(chosen(#"text/html;x="a,text/csv", image/png"#) == "406")
        #expect(MediaRange.list(#"a/b;x="1,2";q=0.5, c/d"#).map(\.subtype) == ["b", "d"])
        #expect(MediaRange.list(#"a/b;x="1,2";q=0.5"#).first?.q == 0.5)
        #expect(MediaRange.list(#"a/b;x="1\"2""#).first?.parameters == ["x": "1\"2"])
    }

    @Test func weights() {
        #expect(MediaRange.weight("0") == 0)
        #expect(MediaRange.weight("1") == 1)
        #expect(MediaRange.weight("0.5") == 0.5)
        #expect(MediaRange.weight("0.123") == 0.123)
        #expect(MediaRange.weight("1.000") == 1)
        #expect(MediaRange.weight("1.001") == nil)
        #expect(MediaRange.weight("0.1234") == nil)
        #expect(MediaRange.weight(".5") == nil)
        #expect(MediaRange.weight("2") == nil)
        #expect(MediaRange.weight("-0") == nil)
        #expect(MediaRange.weight("0.5e0") == nil)
    }
}

/// A JSON value, for `userInfo` and opaque results: typed, never `Any`.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

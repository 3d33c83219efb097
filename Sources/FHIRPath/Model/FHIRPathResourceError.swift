package import RegimenFoundation

/// Why JSON text is not a resource.
package enum FHIRPathResourceError: Error, Sendable, Hashable {
    /// The text is not JSON.
    case invalidJSON(JSONSyntaxError)
    /// The document is JSON but not an object.
    case notAnObject
}

/// An XML attribute the reader keeps as written because no typed field holds it (nothing in an export is dropped).
package struct HealthAttribute: Sendable, Hashable {
    /// The attribute name.
    package var name: String
    /// The attribute value, entities decoded.
    package var value: String

    /// Creates an attribute.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A stored property that takes no part in its type's `==` and `hash(into:)`: a result's `source`, the JSON it was
/// read from, is kept to write the file back as it was, but two results with the same answers are the same result
/// whatever text they came from (docs/researchkit-results.md, "Kept as read").
@propertyWrapper
package struct ExcludedFromEquality<Value: Sendable>: Sendable, Hashable {
    /// The value.
    package var wrappedValue: Value

    /// Wraps `wrappedValue`.
    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Always equal: the value is not compared.
    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Hashes nothing.
    package func hash(into hasher: inout Hasher) {}
}

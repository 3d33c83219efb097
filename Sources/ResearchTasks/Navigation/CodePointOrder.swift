/// The order FHIR gives strings: by Unicode code point, one scalar after another. Swift's `<` on `String` instead
/// compares canonically equivalent forms as equal ("é" written as one scalar or as "e" and a combining accent), so a
/// `textInRange` condition compares through this (docs/navigation.md, "Result predicates").
package struct CodePointOrder: Comparable, Sendable {
    /// The text's Unicode scalar values, in order.
    package let scalars: [UInt32]

    /// The order key of `text`.
    package init(_ text: String) {
        scalars = text.unicodeScalars.map(\.value)
    }

    /// Whether `left` comes before `right`: at the first scalar where they differ, the smaller value first; a text
    /// that is the start of the other first.
    package static func < (left: CodePointOrder, right: CodePointOrder) -> Bool {
        left.scalars.lexicographicallyPrecedes(right.scalars)
    }
}

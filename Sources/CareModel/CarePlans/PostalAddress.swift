import Foundation

/// A postal address as CareKit's `OCKPostalAddress` keeps it.
package struct PostalAddress: Sendable, Hashable, Codable {
    /// Street and number (may hold several lines).
    package var street: String?
    /// City.
    package var city: String?
    /// State or province.
    package var state: String?
    /// Postal code.
    package var postalCode: String?
    /// Country, as written.
    package var country: String?

    /// Creates an address.
    package init(
        street: String? = nil, city: String? = nil, state: String? = nil, postalCode: String? = nil,
        country: String? = nil
    ) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }

    /// The address on one line, its parts separated by ", ".
    package var oneLine: String {
        [street?.replacingOccurrences(of: "\n", with: ", "), city, state, postalCode, country].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

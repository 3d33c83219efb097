package import Foundation

/// A way to act on a task shown beside it (CareKit's `LinkView` items, docs/care-plans.md, "Links"): a website, a
/// phone number to call or message, an email address, a postal address, or an app.
package struct TaskLink: Sendable, Hashable, Codable {
    /// What the link opens.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An `https` web page.
        case website
        /// A number to call (E.164).
        case phone
        /// A number to send a message to (E.164).
        case message
        /// An email address.
        case email
        /// A postal address, opened in a map.
        case address
        /// An app, by its App Store id.
        case app
    }

    /// What the link opens.
    package var kind: Kind
    /// The link's title, e.g. "Physical Therapist Appointment", in the survey's default language.
    package var title: String
    /// What it points at: the URL, the E.164 number, the email address, the address on one line, or the App Store id.
    package var target: String

    /// Creates a link.
    package init(kind: Kind, title: String, target: String) {
        self.kind = kind
        self.title = title
        self.target = target
    }

    /// The URL a phone or computer opens for the link (`tel:`, `sms:`, `mailto:`, a map search, the App Store page).
    package var url: String {
        switch kind {
        case .website: target
        case .phone: "tel:" + target
        case .message: "sms:" + target
        case .email: "mailto:" + target
        case .address:
            "https://maps.apple.com/?address="
                + (target.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"]))
                    ?? target)
        case .app: "https://apps.apple.com/app/id" + target
        }
    }
}

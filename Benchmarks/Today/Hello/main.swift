// The reference program of the `regimen today` cold-start benchmark (issue 3): a Swift program that only links
// Foundation and prints one line. It really uses Foundation (a date formatter), so Foundation is loaded, not just
// linked.
import Foundation

print("hello at \(ISO8601DateFormatter().string(from: Date()))")

package import RegimenFoundation

/// An object of the resource tree: its JSON members and, when the path to it says, its FHIR type (a choice-type
/// suffix such as `valueCoding` gives `Coding`; the root's `resourceType` gives the resource's type).
package struct FHIRPathElement: Sendable, Hashable {
    /// The object's members, as in the resource's JSON.
    package var members: JSONObject
    /// The FHIR type, nil when the table does not say (a backbone element such as an `item` or an `answer`).
    package var typeName: String?

    /// Creates an element.
    package init(_ members: JSONObject, typeName: String?) {
        self.members = members
        self.typeName = typeName
    }

    /// The quantity a FHIR Quantity element stands for: its value and its UCUM code (its `unit` text when it has no
    /// code); nil for other elements or a Quantity without a value.
    var quantity: FHIRPathQuantity? {
        guard typeName == "Quantity", let value = members["value"].flatMap(FHIRPathChoiceTypes.decimal) else {
            return nil
        }
        guard case .string(let unit)? = members["code"] ?? members["unit"] else {
            return FHIRPathQuantity(value: value, unit: "1")
        }
        return FHIRPathQuantity(value: value, unit: unit)
    }

    /// The values of the children named `name` (N1 §3 "Path selection"): the member itself, or for a choice-type
    /// name such as `value` the member `value[x]` present (`valueCoding`), typed by its suffix (N1 §3.2).
    func children(named name: String) -> [FHIRPathValue] {
        if let member = members[name] {
            return FHIRPathChoiceTypes.values(of: member, field: name, in: typeName)
        }
        for (key, member) in members {
            guard let suffix = FHIRPathChoiceTypes.suffix(of: key, after: name) else { continue }
            if let type = FHIRPathChoiceTypes.suffixes[suffix] {
                return FHIRPathChoiceTypes.values(of: member, type: type)
            }
        }
        return []
    }

    /// The values of the member `name` as a path step reads them (`value` finds `valueDecimal` and types it): what
    /// a caller outside the evaluator binds to a variable, such as one answer's values.
    package func values(named name: String) -> [FHIRPathValue] {
        children(named: name)
    }

    /// Every child's values, in member order (N1 §5.8.1); `resourceType` and primitive extensions (`_name`) aside.
    var allChildren: [FHIRPathValue] {
        var values: [FHIRPathValue] = []
        for (key, member) in members where key != "resourceType" && !key.hasPrefix("_") {
            values += FHIRPathChoiceTypes.values(of: member, field: key, in: typeName)
        }
        return values
    }
}

import Foundation

/// The least a context can spend per deleted object that it had to make from a row, measured in
/// plain Swift with no ObjectGraph code: allocate an object of a managed object's size and an ID
/// of an object ID's size, register the object under its ID, put it into the did-save
/// notification's set of objects and its ID into the set of IDs, unregister it, and free both.
///
/// The cascade case prints it beside its result, so the report can say how far its target is
/// from what Core Data's semantics (deleted objects are objects, and notifications carry them)
/// allow at all.
enum ObjectBookkeepingFloor {
    /// Stands in for a managed object ID: a key, a shared family, 64 bytes in all.
    private final class StandInID: Hashable {
        let key: Int64
        let family: AnyObject
        var padding = InlineArray<4, Int64>(repeating: 0)

        init(key: Int64, family: AnyObject) {
            self.key = key
            self.family = family
        }

        static func == (lhs: StandInID, rhs: StandInID) -> Bool { lhs.key == rhs.key && lhs.family === rhs.family }
        func hash(into hasher: inout Hasher) { hasher.combine(key) }
        // The cheap mix ObjectGraph's IDs use, not SipHash (as `ManagedObjectID` does).
        func _rawHashValue(seed: Int) -> Int {
            let mixed = (UInt64(bitPattern: key) ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
        }
    }

    /// Stands in for a managed object: its ID, a version, and padding to a fetched movie's 208 bytes;
    /// it hashes like ObjectGraph's objects and IDs, with a multiply mix rather than SipHash.
    private final class StandInObject: Hashable {
        let objectID: StandInID
        var version: Int64
        var padding = InlineArray<22, Int64>(repeating: 0)

        init(objectID: StandInID, version: Int64) {
            self.objectID = objectID
            self.version = version
        }

        static func == (lhs: StandInObject, rhs: StandInObject) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
        // The cheap mix of the address ObjectGraph's objects use, not SipHash.
        func _rawHashValue(seed: Int) -> Int {
            let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()))
            let mixed = (address ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
        }
    }

    /// The median time in milliseconds of doing that bookkeeping for `count` objects.
    static func medianMilliseconds(count: Int, runs: Int) -> Double {
        let family = NSObject()
        return Measurement.medianMilliseconds(runs: runs) {
            var registry: [StandInID: Unmanaged<StandInObject>] = [:]
            var objects: [StandInObject] = []
            for index in 0..<count {
                let objectID = StandInID(key: Int64(index + 1), family: family)
                let object = StandInObject(objectID: objectID, version: 1)
                registry[objectID] = Unmanaged.passUnretained(object)
                objects.append(object)
            }
            var deleted = Set<StandInObject>()
            var deletedIDs = Set<StandInID>()
            for object in objects {
                deleted.insert(object)
                deletedIDs.insert(object.objectID)
            }
            for object in objects { registry[object.objectID] = nil }
            precondition(deleted.count == count && deletedIDs.count == count && registry.isEmpty)
            objects = []
            deleted = []
            deletedIDs = []
        }
    }
}

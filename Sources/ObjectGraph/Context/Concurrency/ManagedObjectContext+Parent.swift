import Foundation

extension ManagedObjectContext {
    /// Makes a child context of `parent`: it reads the parent's objects, unsaved changes
    /// included, and its `save()` pushes its changes into the parent instead of the store.
    ///
    /// A child is the way to edit on a scratch pad and cancel: throw the child away (or
    /// `rollback()` it) and neither the parent nor the store ever saw the edit. Save the child to
    /// keep the edit in the parent, and save the parent to write it to the store.
    ///
    /// ```swift
    /// let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: viewContext)
    /// let hero = editor.object(with: heroID)
    /// let power = try editor.insertNewObject(forEntityName: "Power")
    /// power["hero"] = hero
    /// try editor.save()            // viewContext now has the power, unsaved
    /// try viewContext.save()       // and now the store has it
    /// ```
    public convenience init(concurrencyType: ConcurrencyType, parent: ManagedObjectContext) {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: parent.managedObjectModel)
        // The child's rows are the parent's objects as they are now: a cached row goes stale as
        // soon as the parent changes or merges, so a fault fired later reads the parent.
        coordinator.readsThroughRowCache = true
        // A fresh coordinator with the parent's own model accepts its one store: adding it cannot
        // fail (the only failures are a different model or a second store with the same identifier).
        let store = ParentContextStore(parent: parent)
        try? coordinator.addPersistentStore(store)
        self.init(concurrencyType: concurrencyType, coordinator: coordinator)
        store.child = self
        attachments.parent = parent
    }

    /// The parent of a child context; nil for a context on a persistent store coordinator.
    public var parent: ManagedObjectContext? {
        attachments.parent
    }

    /// Whether this context takes in, as they happen, the changes saved into its parent (by the
    /// parent or by sibling children) or, for a context without a parent, the changes other
    /// contexts save to its coordinator. Merging refreshes this context's objects and keeps its
    /// own unsaved changes (see ``mergeChanges(fromContextDidSave:)``). Default false, as in Core
    /// Data.
    ///
    /// A context merges at once when the save happens on its own queue, and otherwise later, in a
    /// block on its queue (so a main-queue context merges once the main queue runs), as Core Data
    /// does; a child's merge is queued before its parent's save returns.
    public var automaticallyMergesChangesFromParent: Bool {
        get { attachments.automaticallyMergesChangesFromParent }
        set {
            guard newValue != attachments.automaticallyMergesChangesFromParent else { return }
            attachments.automaticallyMergesChangesFromParent = newValue
            if let parent {
                parent.performAndWait {
                    if newValue {
                        parent.addSaveObserver(self) { [weak self] info in self?.mergeFromParent(info) }
                    } else {
                        parent.removeSaveObserver(self)
                    }
                }
            } else {
                attachments.coordinatorSaveObservation = newValue ? observeCoordinatorSaves() : nil
            }
        }
    }

    /// Merges changes the parent saved or received, on this context's queue: at once when the
    /// parent saves on that queue too, otherwise in a block queued there. The parent must not wait
    /// for the child's queue: a child reads through its parent's queue (`ParentContextStore`), so a
    /// child fetching or firing a fault while its parent saved left each queue waiting for the other.
    private func mergeFromParent(_ info: [AnyHashable: Any]) {
        if isOnContextQueue {
            mergeChanges(fromDidSaveUserInfo: info)
        } else {
            let saved = SavedObjectIDs(info)
            perform { self.mergeChanges(fromDidSaveUserInfo: saved.userInfo) }
        }
    }

    /// Observes the saves of the other contexts on this context's coordinator.
    private func observeCoordinatorSaves() -> NSObjectProtocol {
        NotificationCenter.default.addObserver(forName: Self.didSaveNotification, object: nil, queue: nil) {
            [weak self] note in
            guard let self, let saver = note.object as? ManagedObjectContext, saver !== self,
                saver.persistentStoreCoordinator === self.persistentStoreCoordinator
            else { return }
            let saved = SavedObjectIDs(note.userInfo ?? [:])
            if self.isOnContextQueue {
                self.mergeChanges(fromDidSaveUserInfo: saved.userInfo)
            } else {
                self.perform { self.mergeChanges(fromDidSaveUserInfo: saved.userInfo) }
            }
        }
    }

    // MARK: - Parent side

    /// Calls `handler` with the user info of each did-save of this context, and of each save a
    /// child pushes into it, for as long as `owner` lives.
    func addSaveObserver(_ owner: AnyObject, _ handler: @escaping ([AnyHashable: Any]) -> Void) {
        attachments.saveObservers.append(ContextAttachments.SaveObserver(owner: owner, handler: handler))
    }

    /// Stops calling the save handlers `owner` registered.
    func removeSaveObserver(_ owner: AnyObject) {
        attachments.saveObservers.removeAll { $0.owner == nil || $0.owner === owner }
    }

    /// Tells the other children that merge automatically what one child (`child`) pushed into
    /// this context; the child that saved already has the changes.
    func noteChildSave(_ changes: StoreChanges, from child: ManagedObjectContext?) {
        let info: [AnyHashable: Any] = [
            NotificationKey.insertedObjectIDs.rawValue: Set(changes.insertedRows.map(\.objectID)),
            NotificationKey.updatedObjectIDs.rawValue: Set(
                changes.updatedRows.map(\.objectID) + changes.toManyChanges.map(\.objectID)),
            NotificationKey.deletedObjectIDs.rawValue: Set(changes.deletedObjects.map(\.objectID)),
        ]
        attachments.saveObservers.removeAll { $0.owner == nil }
        for observer in attachments.saveObservers where observer.owner !== child { observer.handler(info) }
    }
}

/// The object IDs of a did-save notification: what crosses from the saving context's queue to
/// the merging context's queue (IDs, never objects).
private struct SavedObjectIDs: Sendable {
    let inserted: Set<ManagedObjectID>
    let updated: Set<ManagedObjectID>
    let deleted: Set<ManagedObjectID>

    init(_ info: [AnyHashable: Any]) {
        typealias Key = ManagedObjectContext.NotificationKey
        inserted = info[Key.insertedObjectIDs.rawValue] as? Set<ManagedObjectID> ?? []
        updated = info[Key.updatedObjectIDs.rawValue] as? Set<ManagedObjectID> ?? []
        deleted = info[Key.deletedObjectIDs.rawValue] as? Set<ManagedObjectID> ?? []
    }

    var userInfo: [AnyHashable: Any] {
        typealias Key = ManagedObjectContext.NotificationKey
        return [
            Key.insertedObjectIDs.rawValue: inserted, Key.updatedObjectIDs.rawValue: updated,
            Key.deletedObjectIDs.rawValue: deleted,
        ]
    }
}

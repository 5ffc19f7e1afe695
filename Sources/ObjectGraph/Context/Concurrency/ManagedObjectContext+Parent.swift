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

    /// Whether this child context takes in the changes its parent saves, or other children save
    /// into its parent, as they happen (refreshing its objects, keeping its own unsaved changes).
    /// Default false, as in Core Data. Setting it on a context without a parent has no effect.
    public var automaticallyMergesChangesFromParent: Bool {
        get { attachments.automaticallyMergesChangesFromParent }
        set {
            guard newValue != attachments.automaticallyMergesChangesFromParent, let parent else { return }
            attachments.automaticallyMergesChangesFromParent = newValue
            parent.performAndWait {
                if newValue {
                    parent.addSaveObserver(self) { [weak self] info in self?.mergeFromParent(info) }
                } else {
                    parent.removeSaveObserver(self)
                }
            }
        }
    }

    /// Merges changes the parent saved or received, on this context's queue.
    private func mergeFromParent(_ info: [AnyHashable: Any]) {
        performAndWait { mergeChanges(fromDidSaveUserInfo: info) }
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

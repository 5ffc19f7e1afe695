print("superdb: sample arrives with the fetched results controller")

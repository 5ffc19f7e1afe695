print("books: sample arrives with the fetched results controller")

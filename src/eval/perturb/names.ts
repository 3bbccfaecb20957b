// Replacement names for the name-substitution perturbation: common given and family names of several origins,
// short and long, written by hand for this project (no list copied). Origins are a label for the report only.

export interface NameOrigin {
  origin: string;
  given: readonly string[];
  family: readonly string[];
}

export const NAME_ORIGINS: readonly NameOrigin[] = [
  { origin: "flemish-dutch", given: ["Wout", "Lotte", "Jef", "Fien", "Bavo", "Griet"], family: ["Vandenbroucke", "De Smet", "Claes", "Verhaegen", "Van den Eynde", "Wouters"] },
  { origin: "french", given: ["Théo", "Amélie", "Gaëtan", "Océane", "Loïc", "Maëlle"], family: ["Lefèvre", "Dubois", "Nguyen-Lambert", "Rousseau", "Marchal", "Delvaux"] },
  { origin: "arabic-berber", given: ["Youssef", "Fatima-Zahra", "Anas", "Khadija", "Ilyas", "Nour"], family: ["El Amrani", "Benali", "Ouahabi", "Bouzid", "Aït Taleb", "Haddouchi"] },
  { origin: "turkish", given: ["Emre", "Ayşe", "Mehmet", "Zeynep", "Burak", "Elif"], family: ["Yılmaz", "Öztürk", "Kaya", "Demir", "Çelik", "Şahin"] },
  { origin: "polish", given: ["Krzysztof", "Agnieszka", "Paweł", "Małgorzata", "Jan", "Zofia"], family: ["Wojciechowski", "Nowak", "Kowalczyk", "Szymańska", "Lewandowski", "Wiśniewska"] },
  { origin: "chinese", given: ["Wei", "Xiaoling", "Jun", "Mei", "Hao", "Lin"], family: ["Li", "Wang", "Zhang", "Chen", "Liu", "Ng"] },
  { origin: "south-asian", given: ["Priya", "Arjun", "Lakshmi", "Rahul", "Ananya", "Vikram"], family: ["Rajaratnam", "Patel", "Subramanian", "Sharma", "Krishnamurthy", "Iyer"] },
  { origin: "west-african", given: ["Oluwaseun", "Chiamaka", "Kwame", "Adaeze", "Kofi", "Aminata"], family: ["Okonkwo", "Mensah", "Adeyemi", "Diallo", "Traoré", "Osei"] },
  { origin: "english", given: ["Harriet", "Jack", "Imogen", "Rhys", "Bo", "Al"], family: ["Fitzgerald-Smythe", "Brown", "Ellis", "Hughes", "Ward", "Oz"] },
];

// Development sentences for rules that must generalise beyond the notes the rules were first written on: bare
// fragments and single words, one-liners, telegraphic notes, letters, tables, e-mails, OCR noise and mixed nl/fr,
// from the Netherlands and from Belgium. Written for the rules-only stack (patterns + rules-nl-be) as a whole;
// markup "[text](Label)". Negatives carry no markup: every span found there is a false positive.
// These are development cases (the rules were changed while they were written), not an evaluation set.

export interface GeneralisationCase {
  register: string;
  marked: string;
}

const cases = (register: string, lines: string): GeneralisationCase[] =>
  lines
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((marked) => ({ register, marked }));

export const GENERALISATION_CASES: readonly GeneralisationCase[] = [
  ...cases("single word", `
    [Utrecht](Address_Location:Other)
    [Leuven](Address_Location:Other)
    [Sint-Niklaas](Address_Location:Other)
    [Amersfoort](Address_Location:Other)
    [Roeselare](Address_Location:Other)
    [Nijmegen](Address_Location:Other)
    [Charleroi](Address_Location:Other)
    [Noord-Brabant](Address_Location:Other)
    [West-Vlaanderen](Address_Location:Other)
    [Gelderland](Address_Location:Other)
    [Wallonië](Address_Location:Other)
    [Hendrik](Name:Other)
    [Annemiek](Name:Other)
    [Jan-Willem](Name:Other)
    [Wouter](Name:Other)
    [UMCU](Organization:Healthcare)
    [LUMC](Organization:Healthcare)
    [OLVG](Organization:Healthcare)
    [CWZ](Organization:Healthcare)
    [Haaglanden MC](Organization:Healthcare)
    [Okonkwo](Name:Other)
    [0612345678](Contactdetails)
    [030-2345678](Contactdetails)
    [1234AB](Address_Location:Other)
    [3581 CX](Address_Location:Other)
    [12-03-2019](Date)
    [umcutrecht.nl](Contactdetails)
    [j.devries@gmail.com](Contactdetails)
    Koorts
    Pijn
    Goed
    Morgen
    Dyspnoe
    Paracetamol
    Best
    Stop
    Lysomucil
    Marevan
    Sipralexa
    Amlor
    Seresta
    Isobetadine
  `),
  ...cases("fragment", `
    dhr [de Vries](Name:Patient)
    mw. [Bakker](Name:Patient)
    dr [A](Name:Caregiver)
    dr. [K. Mulder](Name:Caregiver)
    [v/d Sluis](Name:Other)
    [Jan van den Broeck](Name:Other)
    [Maria Janssens](Name:Other)
    [Pieter de Jong](Name:Other)
    [Sophie Claes](Name:Other)
    [Hoofdstraat 12](Address_Location:Other)
    [Kerkstr. 5](Address_Location:Other)
    [Dorpsln 3](Address_Location:Other)
    [Postbus 12345](Address_Location:Other)
    [Postbus 1020, 3500 BA Utrecht](Address_Location:Other)
    tel [088 - 7555555](Contactdetails)
    [0800 12 345](Contactdetails)
    [0800-0123](Contactdetails)
    [0900 1234567](Contactdetails)
    [+31 (0)20 5555555](Contactdetails)
    [02 555 12 12](Contactdetails)
    [0470 12 34 56](Contactdetails)
    [2019 augustus 1](Date)
    [2011 mei 17](Date)
    [23 10 2011](Date)
    [1 jan. 2020](Date)
    [17 juni](Date)
    [www.azsintjan.be](Contactdetails)
    [patientenzorg.nl](Contactdetails)
    [64 jaar](Age_Birthdate)
    [78-jarige](Age_Birthdate)
    Paracetamol 1000 mg
    Metoprolol 50 MG
    Furosemide 1250 MG
    CRP 12
    Hb 8,1
    BMI 24
    Nieuwe afspraak
    Ziekte van Parkinson
  `),
  ...cases("one line", `
    Patiënt is gezien door [dr. Willemsen](Name:Caregiver) op [12 maart 2021](Date).
    Verwezen door het [UMCU](Organization:Healthcare) voor second opinion.
    Opgenomen in het [Diakonessenhuis](Organization:Healthcare) na een val.
    Overgeplaatst naar [AZ Groeninge](Organization:Healthcare) in [Kortrijk](Address_Location:Other).
    Ze woont in [Amersfoort](Address_Location:Patient) bij haar dochter.
    Patiënte komt uit [Hasselt](Address_Location:Patient).
    [Jan](Name:Other) belde vanochtend over de uitslagen.
    Gesprek met [Annelies](Name:Other) en haar man.
    Zoon [Koen](Name:Other) is contactpersoon.
    Telefonisch contact met [Mevr. Peeters](Name:Other).
    Bel [06-12345678](Contactdetails) bij vragen.
    Bereikbaar op [0305555555](Contactdetails).
    Afspraak op [2011 mei 17](Date) om 10u.
    Controle [23 10 2011](Date) bij de cardioloog.
    Adres: [Lange Nieuwstraat 45, 3512 PH Utrecht](Address_Location:Patient)
    Woonachtig [Vredenburg 3](Address_Location:Patient), [Utrecht](Address_Location:Patient).
    Zie ook [www.umcutrecht.nl/patienten](Contactdetails) voor informatie.
    Mail naar [info@ziekenhuis.nl](Contactdetails).
    Patiëntnummer [1234567](ID:Patient).
    BSN [123456782](ID:Patient).
    De patiënt is [67 jaar](Age_Birthdate) oud.
    Geboren op [3 februari 1952](Age_Birthdate).
    Uitslag van [01-02-2018](Date) is normaal.
    Op 01-13-2018 gaf patiënt 3 tabletten.
    Patiënt nam 1250 MG paracetamol in.
    Gebruikt 2 dd 500 mg.
    De bloeddruk was 130/80 mmHg.
    Het labnummer is 12345 en het CRP 45.
    Patiënt heeft geen klachten van dyspnoe.
    Goed herstel na de operatie.
    Morgen controle bij de huisarts.
    Behandeld volgens het protocol van de afdeling.
  `),
  ...cases("telegraphic", `
    pt [M. de Groot](Name:Patient), [72 jr](Age_Birthdate), opname ivm pneumonie
    dhr. [Vermeulen](Name:Patient) - pijn ++ - morfine
    NB: dochter [Els](Name:Other) tel [0478 12 34 56](Contactdetails)
    ctrl [15/04](Date) bij dr [Peeters](Name:Caregiver)
    overname [OLVG](Organization:Healthcare) , ontslag [maandag 3 juni](Date)
    mw [Jansen-Smit](Name:Patient) ([81](Age_Birthdate)) valt vaak
    HA: [dr. P. Visser](Name:Caregiver), [Groningen](Address_Location:Caregiver)
    verpl. [Sanne](Name:Caregiver) belt [Jeroen Bosch Ziekenhuis](Organization:Healthcare)
    geen koorts, eet goed, mobiliseert
    bd 120/70, p 72, sat 98%
  `),
  ...cases("letter", `
    Geachte collega [Hermans](Name:Caregiver),
    Hierbij verwijs ik mevrouw [Lotte van Dijk](Name:Patient), geboren [14-07-1980](Age_Birthdate), wonende te [Zeist](Address_Location:Patient).
    Met vriendelijke groet,
    [drs. R. Smit](Name:Caregiver), huisarts
    Huisartsenpraktijk [De Linde](Organization:Healthcare), [Dorpsstraat 8](Address_Location:Caregiver), [3731 AB De Bilt](Address_Location:Caregiver)
    Betreft: [Wim Hendriks](Name:Patient), [12-05-1944](Age_Birthdate)
    Wij zagen uw patiënt op onze polikliniek op [4 november 2022](Date).
    Bien confraternellement,
    [Dr Marie Dubois](Name:Caregiver)
  `),
  ...cases("table", `
    Naam: [Kees de Boer](Name:Patient)
    Geb.datum: [02-11-1960](Age_Birthdate)
    Adres: [Binnenweg 22](Address_Location:Patient)
    Postcode: [3012 AB](Address_Location:Patient)
    Woonplaats: [Rotterdam](Address_Location:Patient)
    Telefoon: [010-4123456](Contactdetails)
    Huisarts: [Dr. Van Damme](Name:Caregiver)
    Ziekenhuis: [Maasstad Ziekenhuis](Organization:Healthcare)
    Opnamedatum | [12/01/2023](Date)
    Diagnose | COPD GOLD 3
  `),
  ...cases("e-mail", `
    Van: [Karin Mertens](Name:Caregiver) <[k.mertens@azdelta.be](Contactdetails)>
    Aan: secretariaat cardiologie
    Onderwerp: patiënt [Dirk Wouters](Name:Patient)
    Hoi [Bram](Name:Other), kun je [meneer Claes](Name:Patient) terugbellen op [0486/12.34.56](Contactdetails)?
    Groetjes, [Ilse](Name:Other)
  `),
  ...cases("ocr noise", `
    Pat1ent [J.Peeters](Name:Patient) gez1en op [12.O3.2021](Date)
    dhr.[Janssens](Name:Patient),woont [Leuven](Address_Location:Patient)
    tel.[0123456789](Contactdetails)
    TEL  [03 / 123 45 67](Contactdetails)
    geb. [l9-O4-l956](Age_Birthdate), gsm [O6-2l874593](Contactdetails)
    Verwezen naar [Hi1versum](Address_Location:Other) voor revalidatie.
    Patiënte woont in [Ze1st](Address_Location:Patient), [Amersf00rt](Address_Location:Other) eerder.
    Naam: [Bissch0p](Name:Patient)
    Na sa1butamo1 geen reversibi1iteit.
  `),
  ...cases("handover", `
    k2 dhr [van dijk](Name:Patient) - pijn ok, mobiliseert
    k4 mw [de bruijn-smit](Name:Patient), dochter [ilse](Name:Other) blijft slapen
    mw [peeters](Name:Patient) slaapt goed
    pt heeft geen pijn, mw eet goed
    zoek [janssens](Name:Patient) echo lever
    Mevrouw [De Wit](Name:Patient), [58](Age_Birthdate), heeft hoofdpijn.
    Dhr. [Bakker](Name:Patient) is [timmerman](Profession) van beroep.
    Ik ben [kapster](Profession) in een salon.
    Gepensioneerd [havenarbeider](Profession) bij de [Haven van Antwerpen](Organization:Other).
    Zijn werkgever [Bekaert](Organization:Other) belde.
    [kapper](Profession)
    [73 jaar](Age_Birthdate)
    [GRONINGEN](Address_Location:Other)
    Gastro-enterologie
    Afkomstig uit Marokko, woont in [Gent](Address_Location:Patient).
    Ligt op kamer 214, bed 2.
    Bij nood: bel 112.
    Gestart in [oktober](Date), controle begin [maart](Date).
    Baby van [3 dagen oud](Age_Birthdate), voedt goed.
    Nouveau-né de [5 jours de vie](Age_Birthdate).
    De Mars-bar staat op tafel.
  `),
  ...cases("names in all forms", `
    Mevr. [A. de Vries-van der Meer](Name:Patient) kwam op controle.
    [PEETERS, Jan](Name:Patient) geboren [12-03-1950](Age_Birthdate)
    [Jansen, P.](Name:Patient) is opgenomen.
    Zr. [Anna](Name:Caregiver) gaf de medicatie.
    Co-assistent [Sanne Vos](Name:Caregiver) deed de anamnese.
    Gezien door arts-assistent [M. Yilmaz](Name:Caregiver).
    Prof. Dr. [Van Cauwenberge](Name:Caregiver) werd geconsulteerd.
    Ir. [De Boer](Name:Other) belde namens de gemeente.
    [Mohammed El Amrani](Name:Other) werd gezien.
    [Lisa](Name:Other) (dochter) is aanwezig.
    Dhr. [J.A.M. (Jan) Smit](Name:Patient) heeft een afspraak.
  `),
  ...cases("places in all forms", `
    Woont in [Den Haag](Address_Location:Patient).
    Patiënte komt uit [’s-Hertogenbosch](Address_Location:Patient).
    Verhuisd naar [Bergen op Zoom](Address_Location:Patient).
    Ze woont in [Alphen aan den Rijn](Address_Location:Patient).
    Geboren in [La Louvière](Address_Location:Patient).
    Student in [Louvain-la-Neuve](Address_Location:Other).
    Opname in [Maastricht UMC+](Organization:Healthcare).
    Hij woont in [Amsterdam-Noord](Address_Location:Patient).
    [Oudegracht 245](Address_Location:Other)
    [Meir 1, 2000 Antwerpen](Address_Location:Other)
  `),
  ...cases("numbers in all forms", `
    Tel: [+32 (0)9 332 21 11](Contactdetails)
    [(050) 361 42 07](Contactdetails)
    tel.nr. [0475/123456](Contactdetails)
    [06 - 12 34 56 78](Contactdetails)
    [0031-6-12345678](Contactdetails)
    pat.nr. [1234567](ID:Patient)
    dossiernr. [12-3456](ID:Patient)
    BSN: [123 456 782](ID:Patient)
    M/[65](Age_Birthdate), pijn op de borst
    [65M](Age_Birthdate) met dyspnoe
    patiënte ([45](Age_Birthdate)) met koorts
    d.d. [12 maart](Date) gezien
    eind [jan '22](Date) gestart
    Rond [Kerstmis 2022](Date) verslechterd.
    Score 12/15 op de MMSE.
    Week 12 van de zwangerschap.
  `),
  ...cases("clinical negatives", `
    Besluit: geen verdere opvolging nodig.
    Advies: rust en paracetamol.
    Conclusie: stabiel, ontslag morgen.
    Thuis goed opgevangen door de familie.
    Mama is ongerust over de koorts.
    Dokter komt morgen langs.
    Na de operatie van Whipple goed herstel.
    Syndroom van Down, gekend.
    Bloeddruk 140/90, pols 88, temp 37,8.
    Hb 13,2 g/dl; CRP < 5; leuko 7,2.
    Patiënt krijgt Clexane 40 mg sc.
    Opgenomen op de afdeling Cardiologie.
    Graad III volgens Clavien-Dindo.
    Glasgow Coma Scale 15, pupillen isocoor.
    Stadium T2N0M0, geen metastasen.
    Pijn ter hoogte van L4-L5.
    Doorverwezen naar het OK voor appendectomie.
    Controle op de SEH na de val.
    Echo abdomen: normaal.
    APGAR 9/10 na 5 minuten.
    Maandag terug op consultatie.
    Vorige week gevallen in de badkamer.
    Sinds 2 weken hoest, 3 dagen geleden koorts.
    Heeft 2 kinderen en 4 kleinkinderen.
    Rookt 20 sigaretten per dag, 30 pakjaren.
    Allergie voor penicilline en latex.
    Familiale anamnese: vader diabetes, moeder hypertensie.
    Diagnose: COPD GOLD 2, exacerbatie.
    Gewicht 82 kg, lengte 178 cm, BMI 25,9.
    MMSE 24/30, kloktest afwijkend.
  `),
  ...cases("belgian letter", `
    [AZ Sint-Lucas](Organization:Healthcare) – Dienst Orthopedie
    [Groenebriel 1, 9000 Gent](Address_Location:Caregiver)
    [Gent](Address_Location:Caregiver), [14/02/2024](Date)
    Betreft: [Marleen Van de Velde](Name:Patient), ° [23/07/1961](Age_Birthdate)
    Waarde collega [Dr. De Clercq](Name:Caregiver),
    Uw patiënte werd op [12 februari](Date) opgenomen na een val thuis in [Lochristi](Address_Location:Patient).
    Zij woont alleen sinds het overlijden van haar man [Georges](Name:Other).
    Haar zoon [Pieter](Name:Other) woont in [Aalter](Address_Location:Other) en komt dagelijks langs.
    Thuisverpleging via het [Wit-Gele Kruis](Organization:Healthcare), kinesitherapie bij [Bart Claeys](Name:Caregiver).
    Controle op de raadpleging binnen 6 weken.
    Met collegiale groeten,
    [Dr. Hendrik Verhaeghe](Name:Caregiver)
    Tel. secretariaat [09 224 66 00](Contactdetails)
  `),
  ...cases("dutch letter", `
    [Rijnstate](Organization:Healthcare), afdeling Neurologie
    [Wagnerlaan 55, 6815 AD Arnhem](Address_Location:Caregiver)
    [Arnhem](Address_Location:Caregiver), [3 april 2024](Date)
    Geachte heer [Van Leeuwen](Name:Caregiver),
    Wij zagen uw patiënt dhr. [Gerrit Hoekstra](Name:Patient), geboren [8 juni 1949](Age_Birthdate), wonend te [Velp](Address_Location:Patient).
    Hij werkte tot zijn pensioen als [buschauffeur](Profession) bij [Hermes](Organization:Other).
    Zijn echtgenote [Truus](Name:Other) is mantelzorger.
    Met vriendelijke groet,
    [Dr. S. Kuipers](Name:Caregiver), neuroloog
  `),
  ...cases("names of every origin", `
    [Oluwadamilare Okonkwo](Name:Other) meldt zich op de SEH.
    Dhr. [Tjoa](Name:Patient) heeft een afspraak.
    Mevrouw [Thandiwe Ndlovu](Name:Patient), [34](Age_Birthdate), met koorts.
    [Chidi Okonkwo](Name:Other) belde over de uitslag.
    Aanwezig: [Kowalczyk](Name:Caregiver) (longarts), [Abubakar](Name:Caregiver) (radioloog)
    [Ngata, Tamati](Name:Patient) | [12-03-1980](Age_Birthdate) | controle
    Naam: [Przybylski](Name:Patient)
    Patiënt: [Nguyen Van Thanh](Name:Patient)
    Met vriendelijke groet,
    [Wen-Li Tjoa](Name:Caregiver)
    Groetjes, [Siobhan](Name:Other)
    Echtgenoot [Mehmet Yıldırım](Name:Other) is aanwezig.
    Collega [Adebayo](Name:Caregiver) neemt over.
    Gezien door dr. [Chukwuemeka](Name:Caregiver).
    Bijwerkingen van Pantozol en Contramal besproken.
    Start Xarelto, stop Sintrom.
    Ondansetron en Primperan bij misselijkheid.
    Bronchogramme aérique rechts basaal.
  `),
  ...cases("queries", `
    [karaca yusuf](Name:Patient) longfunctie
    [pietersen](Name:Patient) lab uitslag
    labwaarden [van der meer](Name:Patient)
    opnames [isala](Organization:Healthcare) maart
    verwijzingen [sint-niklaas](Address_Location:Other)
    ct thorax [van den berg](Name:Patient)
    echo buik controle
    alle patiënten met diabetes type 2
    lab crp leuko
  `),
  ...cases("belgian french", `
    Mme [Dubois](Name:Patient), née le [3 avril 1948](Age_Birthdate), domiciliée à [Charleroi](Address_Location:Patient).
    M. [Lambert](Name:Patient) est hospitalisé depuis le [1er mars](Date).
    Domicilié [rue de la Station 14](Address_Location:Patient), [5000 Namur](Address_Location:Patient).
    [Chaussée de Louvain 120 boîte 3](Address_Location:Other), [1030 Schaerbeek](Address_Location:Other)
    Suivi par le CPAS de [Molenbeek](Address_Location:Other).
    Hospitalisé du [2 au 9 février 2023](Date) au [CHU de Charleroi](Organization:Healthcare).
    Il a [72 ans](Age_Birthdate) et vit seul à [Verviers](Address_Location:Patient).
    Médecin traitant : [Dr Martin](Name:Caregiver), [avenue Louise 250](Address_Location:Caregiver), [1050 Ixelles](Address_Location:Caregiver).
    Patiente vue le [15 octobre 2022](Date) en consultation.
  `),
  // Tables span lines, so each is one case of its own.
  { register: "table columns", marked: "| Naam | Leeftijd | Kamer |\n| [Jansen](Name:Other) | [67](Age_Birthdate) | 12 |" },
  { register: "table columns", marked: "Patiëntnr.\tNaam\n[4302917](ID:Patient)\t[Kowalczyk](Name:Other)" },
  { register: "table columns", marked: "| Kamer | Bed | Dieet |\n| 12 | 2 | zoutarm |" },
  // Round three (issue 11): bare identifiers beside a name or after a field colon, frequent surnames that are also
  // words as all their line holds, common given names an institution is named after, employers in lower case.
  ...cases("bare identifiers", `
    Patiënt: [Jansen](Name:Patient), [4839201](ID:Patient)
    [Verbeke Marc](Name:Other) [20394857](ID:Patient)
    ID: [7483920193](ID:Patient)
    [De Smet](Name:Other) - [8374621](ID:Patient)
    Referentie: [20231104577](ID:Patient)
    [Fatma Yilmaz](Name:Other) ([4419203](ID:Patient))
    Bedrag: 1250000 EUR
    Leukocyten 7500000
  `),
  ...cases("lone surnames", `
    [Bakker](Name:Other)
    [Mulder](Name:Other)
    [Kroon](Name:Other)
    [de Graaf](Name:Other)
    [De Vos](Name:Other)
    [Fatima](Name:Other)
    [Hilde](Name:Other)
    [Griet](Name:Other)
    [Warre](Name:Other)
    Bakker bakt brood
    Valneiging
    Thuisverpleging
    Huisarts
    Médecin
    Middag
  `),
  ...cases("institutions and ages", `
    eerder behandeld in [Radboudumc](Organization:Healthcare)
    crisisopname [Parnassia](Organization:Healthcare)
    behandeling bij [GGZ inGeest](Organization:Healthcare)
    transfert vers [Erasme](Organization:Healthcare)
    man, [83](Age_Birthdate), COPD
    vrouw ([71](Age_Birthdate)) met dyspnoe
    [83 j](Age_Birthdate), gehuwd, 2 kinderen
    CRP (12) stabiel
  `),
  ...cases("round three notes", `
    Afspraak verzet naar [15/10](Date) om 14u30.
    Voorschrift d.d. [28/11](Date): Clexane 40 mg sc.
    kweek afgenomen [21-11](Date) afdeling IC
    Apgar 8/9/10, geboortegewicht 3420 g
    TA 15/10, pols 80
    Geachte heer [Bos](Name:Other),
    [ZNA](Organization:Healthcare)
    Rekening [NL37 RABO 0312 8846 51](ID:Patient)
    [85.11.02-274.61](ID:Patient)
    tijdens werk als [dakwerker](Profession), val van ladder
    een [41-jarige](Age_Birthdate) [bakker](Profession) met tintelingen
    Verzekerd bij [Zilveren Kruis](Organization:Other).
    op kamp met de [Chiro](Organization:Other)
    tijdelijke vulling Cavit, Ledermix ingebracht
    REDON 80 ML. MOBILISATIE MET KINE.
    Psychiatrisch consult PAAZ
    [72 j.](Age_Birthdate)
    [13-IX-2025](Date)
    [GHdC](Organization:Healthcare)
    uitslag PSA 14,2 ug/l
  `),
  ...cases("employers", `
    werkt bij [colruyt](Organization:Other)
    arbeider bij [colruyt](Organization:Other)
    werkzaam bij [de delhaize](Organization:Other) als [kassierster](Profession)
    chauffeur bij [de lijn](Organization:Other)
    bediende bij [kbc](Organization:Other)
    Werkgever: [jumbo](Organization:Other)
    werkt in de haven bij [umicore](Organization:Other)
    Hij werkte dertig jaar voor [Proximus](Organization:Other).
    werkt bij de stad
  `),
  ...cases("jobs by position", `
    Mevr. [Claes](Name:Patient) ([51 jaar](Age_Birthdate)), [pendelchauffeur](Profession) bij een transportbedrijf.
    Le patient, [plafonneur](Profession) de métier, signale une toux.
    Maman : Samira [Zerrouki](Name:Other), [coiffeuse](Profession).
    Zijn broer, zelf [verpleegkundige](Profession) in een woonzorgcentrum, belt mee.
    Hij vertelt dat hij vroeger [glazenmaker](Profession) was bij een scheepswerf.
    Zij werkte tot haar pensioen [schoonmaakster](Profession) in de supermarkt.
    Il a perdu son emploi de [soudeur](Profession) en mars.
    Employé en qualité de [mécanicien](Profession) depuis dix ans.
    WERKGEVER: INFRABEL - FUNCTIE: [BUSCHAUFFEUR](Profession)
    Vroeger [banketbakster](Profession) in een winkel in het centrum.
    Elle est [animatrice](Profession) à l'école communale.
    Gepensioneerd [glasblazer](Profession), woont alleen.
    Patiënt is oud-roker, stopte vorig jaar.
    Voormalig roker, nu 10 jaar gestopt.
    Aanwezig: de patiënt, zijn vrouw, tolk aangevraagd.
    Zij is kwetsbaar in de thuissituatie.
    Elle est anxieuse à la maison.
    Il est porteur de la mutation.
  `),
  ...cases("bodies and suppliers", `
    Haar aanvraag voor een uitkering loopt via het [SVB](Organization:Other).
    Aangifte gedaan bij de [FOD](Organization:Other) vorige week.
    Verzekering: [Avero Welzijn](Organization:Other), polis volgt.
    Thuiszuurstof (leverancier [Oxymedix](Organization:Other)).
    Matériel livré par le fournisseur [Medisol](Organization:Other).
    Voeding via de PEG, antibiotica via de PICC.
    Aanvraag CT via de SEH, indicatie voor PCI.
    Melding aan de VPK van de nacht.
    Doorverwezen naar [Revalis](Organization:Healthcare) voor een intake.
    Verwezen naar Cardiologie voor een echo.
  `),
  ...cases("institutions by shape", `
    Overgeplaatst naar het [Streekziekenhuis Midden-Kempen](Organization:Healthcare) ([SMK](Organization:Healthcare)) voor revalidatie.
    Opname op de PAAZ (psychiatrie), afd. [De Meander](Organization:Healthcare).
    Séjour à l'unité [Les Mélèzes](Organization:Healthcare) depuis lundi.
    [AZKB](Organization:Healthcare)
    Overleg op afdeling Neurologie (PG) over de medicatie.
    Behandeling met AZT en 3TC gestart.
    Elle habite à [Barvaux](Address_Location:Patient) depuis des années.
    Apotheek Centrum ([Hannut](Address_Location:Other)) belt terug.
  `),
  ...cases("ward lists and children (round eleven)", `
    - bed 4 [tk de wilde](Name:Patient), [83j](Age_Birthdate): pneumonie re
    - bed 9 [ayodele bankole](Name:Patient) [58](Age_Birthdate): cholecystitis, nuchter
    k214 mw [lauwers](Name:Patient) [64j](Age_Birthdate)
    bed 2 pijn onder controle
    kamer 6: ontslag naar huis
    bed 11 copd exacerbatie, 2L O2
    k7 decubitusrisico, matras gewisseld
    Zoontje van [7 mnd](Age_Birthdate) met koorts sinds gisteren.
    [Noor](Name:Other), [5 weken](Age_Birthdate), drinkt slecht.
    Eerste koortsstuip op [20 maanden](Age_Birthdate), daarna geen meer.
    Dhr. [Wauters](Name:Patient), 6 weken na de ingreep pijnvrij.
  `),
  ...cases("institutions without a cue and scanned (round eleven)", `
    Via [Gezinszorg Wilgendaal](Organization:Healthcare) twee keer per week poetshulp.
    [Kinesitherapie Veerkracht](Organization:Healthcare), [Kerkstraat 3](Address_Location:Other)
    Ze zit in 5 vwo op het [Hanzeborg Lyceum](Organization:Other).
    [Vrijstraat Zorgverzekeringen](Organization:Other)
    Kinesitherapie ([Sofie](Name:Caregiver)): stapt met rollator.
    Kinesitherapie 3x per week, logopedie 1x.
    Hij zit op het College in de stad.
    [P0LIKLlNIEK DE WElDE](Organization:Healthcare)  ·  Dienst Cardio1ogie
    [HUlSARTSENPRAKTIJK OOSTHOEK](Organization:Healthcare)
    [Z1EKENHUIS ZUID-WEST](Organization:Healthcare)
    [Tandartspraktiik De Vuurtoren](Organization:Healthcare)
    Na opname in het Z1EKENHUIS geen koorts meer.
    LABORATORIUM - [lrenehof Ziekenhuis](Organization:Healthcare)
    Ontslag naar het lokale Ziekenhuis van de regio.
  `),
  ...cases("rows, shorthand and dates (round eleven)", `
    Patiënt:	[VERSCHUEREN GODELIEVE](Name:Patient)	V	°[22.08.1951](Age_Birthdate)
    2	[Adewale K.](Name:Other)	11:15	punctie li
    [Jens](Name:Other), [31j](Age_Birthdate), [stukadoor](Profession), val van de ladder
    overleg met hoofdverpleegkundige [Van Quickelberghe](Name:Caregiver) morgen.
    NACHT [17->18/03](Date) — rustig verlopen
    nieuwe collectie op CT [14/2](Date), drain geplaatst
    Attest: dr. [Wuyts](Name:Caregiver), [21 - 06 - 2025](Date), 6 sessies
    Twee dossiers gevonden: [Q00731846](ID:Patient) en [Q00799102](ID:Patient).
    fractuur calcaneum, Sanders III, conservatief
    dosis 5 / 10 / 2000 mg opgesplitst
    Klachten Van Dyspneu sinds maandag
  `),
  ...cases("businesses, bodies, districts and nicknames (round eleven)", `
    [Bakkerij Verhaeghe](Organization:Other) levert vandaag.
    Hij werkt bij [Transportbedrijf Stoffels](Organization:Other) in [Lier](Address_Location:Other).
    Afspraak in [Café 't Pleintje](Organization:Other) om acht uur.
    Ze werkt in de [bibliotheek van Lokeren](Organization:Other).
    Hij woonde vroeger in [Zuid-Spanje](Address_Location:Other).
    ctrl bij dhr. [k. van dijk](Name:Patient) volgende week
    Pt. [Adeyemi](Name:Patient) [71 jr](Age_Birthdate) nu dag 3 post-OK
    [Stijn Van der Haegen](Name:Patient), [Kapelstraat 4](Address_Location:Patient)
    mw. [R. Claeys-de Wolf](Name:Patient) ([Mieke](Name:Patient)), [Kerkstraat 3](Address_Location:Patient)
    kwam met echtg. ([godelieve](Name:Other)), klaagt van duizeligheid
    Vertrouwenspersoon: [Els Wuyts](Name:Other) (zus), belt morgen.
    [Molenstraat 1l2, 9000 Gent](Address_Location:Other)
    10u mw [de wolf](Name:Patient) ([81](Age_Birthdate)) naar RX
    bed 6: [Hendrickx Jozef](Name:Patient) [79 j](Age_Birthdate) COPD
    [Agnes Verstraete](Name:Patient)	[78](Age_Birthdate)	V	[Ninove](Address_Location:Patient)
    Gisteren belde [De Bruyne](Name:Other) over de uitslag.
    [De Bruyne](Name:Patient)   [Marc](Name:Patient)   [03/09/1955](Age_Birthdate)   [Hamme](Address_Location:Patient)
    Sinds vorig jaar gepensioneerd als [lerares](Profession).
    RDV au [Centre de kinésithérapie du Vieux Moulin](Organization:Healthcare) lundi.
    élève de l'[École communale des Bouleaux](Organization:Other) à [Uccle](Address_Location:Other)
    - [Adewumi, Folake](Name:Other) ([1989](Date))
    07:45  Dhr. [Vandewalle](Name:Patient)      [Stationsplein 3](Address_Location:Patient)        insuline
    - Koorts, pijn en hoest
    Zij is [71 jaar](Age_Birthdate), weduwe, en woont alleen in [Zelzate](Address_Location:Patient).
    Zij is 40 jaar weduwe.
    thuisverpleging ([Familiezorg Scheldevallei](Organization:Healthcare)) twee keer per dag
    drie kleinkinderen ([Lotte](Name:Other) [12](Age_Birthdate), [Jens](Name:Other) [9](Age_Birthdate))
    Ze is 5 maanden zwanger.
    Hij werkt bij [Stoffels Transport](Organization:Other) in [Geel](Address_Location:Other).
    huurachterstand bij [Zwolle Wonen](Organization:Other) sinds [maart](Date)
    Beschermd Wonen is een optie voor later.
    Fer 100 mg per dag tot controle.
    Bas de contention classe II.
    gisteren [3/3](Date) gevallen in de badkamer
    gisteren 7/10 pijn, nu beter
    kerst [2023](Date) opgenomen met pneumonie
    De winkel was gisteren gesloten.
    Patiente claire et orientée, sans plainte.
    Madame dort mal depuis une semaine.
    Appel au Dr de service vers minuit.
  `),
  ...cases("mixed nl/fr", `
    Patient vu par le [Dr Lambert](Name:Caregiver) à [Namur](Address_Location:Other) le [3 mars 2020](Date).
    Madame [Dupont](Name:Patient) habite à [Liège](Address_Location:Patient).
    Transfert vers le [CHU de Liège](Organization:Healthcare).
    Mevrouw [Lemaire](Name:Patient) spreekt Frans, woont in [Brussel](Address_Location:Patient).
    Rendez-vous le [12/05/2022](Date) avec [Sophie](Name:Other).
    Née le [7 janvier 1955](Age_Birthdate) à [Mons](Address_Location:Patient).
    Tél. [065 12 34 56](Contactdetails)
  `),
];

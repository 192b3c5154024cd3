"""Recorded agent runs for answer-standing tests: STAND holds 80 runs where the assistant called
the tools each request needed with the right numbers and gave a correct, well-worded final
answer (15 of them in Chinese; about 65 requests also mention numbers the computation does not
need, about 15 mention none), and SHORT holds 45 runs where the assistant never passed a needed
number to any tool and reported an intermediate result as the final answer (8 of them in
Chinese)."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 2 (roommates), 40 (minutes of driving each way)
    Case(
        "costco-three-way-split",
        (
            "ok so me and my 2 roommates did a costco run, total was $187.45 and we're "
            "splitting it 3 ways. what do i owe? (i drove, 40 min each way 🙃)"
        ),
        [[("divide", {"a": 187.45, "b": 3})]],
        "Your share is $62.48 (187.45 ÷ 3). Maybe they can chip in for gas since you drove!",
    ),
    # context: 34 (age), 12 (weeks of training)
    Case(
        "half-marathon-miles",
        (
            "Signed up for my first half marathon in October!! It's 21.1 km — how many miles "
            "is that? I'm 34 and have been training for 12 weeks"
        ),
        [[("convert_units", {"value": 21.1, "from_unit": "km", "to_unit": "miles"})]],
        "21.1 km is about 13.11 miles. Good luck in October!",
    ),
    # context: 14 (move-in day)
    Case(
        "apartment-number-prime",
        (
            "my brother swears our new apartment number 2027 is prime. is he right? we just "
            "moved in on the 14th and he's already being insufferable"
        ),
        [[("is_prime", {"n": 2027})]],
        "He's right — 2027 is a prime number. You may have to let him have this one.",
    ),
    # context: 29 (age)
    Case(
        "cd-compound-three-years",
        (
            "If I put $5000 into a CD at 4.2% APY for 3 years, compounded yearly, what will it "
            "be worth at the end? I'm 29 and this is my first time doing anything like this lol"
        ),
        [[("python_calculator", {"input": "5000 * (1 + 4.2/100) ** 3"})]],
        "After 3 years your CD will be worth about $5656.83, roughly $657 of interest.",
    ),
    # context: 5 (days the faucet has dripped)
    Case(
        "landlord-faucet-email",
        (
            "pls email my landlord at rent.help@oakviewapts.com with the subject 'Leaking "
            "kitchen faucet' — it's been dripping for like 5 days and I can hear it at night"
        ),
        [
            [
                (
                    "send_email",
                    {"to": "rent.help@oakviewapts.com", "subject": "Leaking kitchen faucet"},
                )
            ]
        ],
        (
            "Done — your email \"Leaking kitchen faucet\" to rent.help@oakviewapts.com is "
            "queued (id 7f3a-25)."
        ),
    ),
    # context: 10 (minutes until standup)
    Case(
        "unread-before-standup",
        "quick, do I have any unread emails? standup starts in 10 min",
        [[("count_unread", {})]],
        "You have 0 unread emails — you're all caught up before standup.",
    ),
    # context: 3 (laptops)
    Case(
        "priya-desk-lookup",
        "where does Priya Raman sit? IT gave me 3 laptops to drop off with her",
        [[("lookup_employee", {"name": "Priya Raman"})]],
        "Priya Raman is in office B-214 (extension 4417) — that's where the laptops go.",
    ),
    # context: 2009 (year the room was last painted)
    Case(
        "bedroom-paint-gallons",
        (
            "Repainting my bedroom finally (it's been beige since 2009 😩). Walls are about "
            "420 sq ft total, a gallon covers 350 sq ft and I want 2 coats. How many gallons?"
        ),
        [[("python_calculator", {"input": "420 * 2 / 350"})]],
        "You'll need about 2.4 gallons, so grab 3 gallons to be safe.",
    ),
    # context: 3 (day of the experiment)
    Case(
        "culture-doubling-nine-hours",
        (
            "still in the lab past midnight, day 3 of this experiment 😵 culture starts at 150 "
            "cells and doubles every hour. how many after 9 hours?"
        ),
        [
            [("power", {"base": 2, "exponent": 9})],
            [("multiply", {"a": 150, "b": 512})],
        ],
        "After 9 hours you'd have 76800 cells (150 × 2^9 = 150 × 512). Go get some sleep!",
    ),
    # context: 2015 (model year), 98 (thousand miles on the odometer)
    Case(
        "civic-road-trip-mpg",
        (
            "Drove 412 miles to my sister's place on 11.6 gallons. What mpg is that? It's a "
            "2015 Civic with 98k miles on it, curious if it's still doing ok"
        ),
        [[("divide", {"a": 412, "b": 11.6})]],
        "That's about 35.5 mpg — still very healthy for a Civic with that many miles.",
    ),
    # context: 4 (people at dinner)
    Case(
        "dinner-tip-total",
        (
            "dinner came to $86.40, I want to leave a 20% tip, what's the total? 4 of us but "
            "I'm covering it for my mom's birthday"
        ),
        [[("python_calculator", {"input": "86.40 * (1 + 20/100)"})]],
        (
            "With a 20% tip the total is $103.68 (the tip itself is $17.28). Happy birthday "
            "to your mom!"
        ),
    ),
    # context: 3 (hikers), 6:30 (start time)
    Case(
        "summit-trail-km",
        (
            "trail sign says 7.5 miles to the summit, what's that in km? 3 of us started at "
            "6:30 and my legs already hate me"
        ),
        [[("convert_units", {"value": 7.5, "from_unit": "miles", "to_unit": "km"})]],
        "7.5 miles is about 12.07 km to the summit. Pace yourselves!",
    ),
    # context: 5 (school grade)
    Case(
        "homework-9991-prime",
        "is 9991 prime? my son (5th grade) says yes and I honestly don't know",
        [[("is_prime", {"n": 9991})]],
        "No, 9991 is not prime, so your son will want to double-check that one.",
    ),
    # context: 6 (players in the group)
    Case(
        "dnd-puzzle-primes",
        "Making a riddle for my D&D group (6 players): are 7919 and 7917 both prime?",
        [[("is_prime", {"n": 7919}), ("is_prime", {"n": 7917})]],
        "7919 is prime, but 7917 is not — so only one of them works for your riddle.",
    ),
    # context: 180 (oven temperature)
    Case(
        "cookie-flour-scaling",
        (
            "recipe says 225 g flour for 12 cookies but I need 30 for my kid's class bake "
            "sale. how much flour? oven's already preheating at 180"
        ),
        [[("python_calculator", {"input": "225 / 12 * 30"})]],
        "For 30 cookies you'll need 562.5 g of flour.",
    ),
    # context: 22 (date the user is out of office from)
    Case(
        "marcus-lookup-then-email",
        (
            "Can you find Marcus Oyelaran's extension, then email him at "
            "m.oyelaran@brightfield.io with the subject 'Budget review follow-up'? I'm out of "
            "office after the 22nd so want this sorted"
        ),
        [
            [("lookup_employee", {"name": "Marcus Oyelaran"})],
            [
                (
                    "send_email",
                    {"to": "m.oyelaran@brightfield.io", "subject": "Budget review follow-up"},
                )
            ],
        ],
        (
            "Marcus Oyelaran is at extension 4417 (office B-214), and your email \"Budget "
            "review follow-up\" is queued with id 7f3a-25."
        ),
    ),
    # context: 650 (apartment square feet)
    Case(
        "space-heater-daily-cost",
        (
            "my space heater is 1500 W and I run it about 6 hours a day. electricity's "
            "$0.17/kWh. what's that costing me per day? 650 sq ft apartment with terrible old "
            "windows lol"
        ),
        [[("python_calculator", {"input": "1500 / 1000 * 6 * 0.17"})]],
        "Running the heater costs you about $1.53 per day.",
    ),
    # context: 19 (age)
    Case(
        "sophomore-gpa",
        (
            "calc my GPA pls: 3 credits A (4.0), 4 credits B+ (3.3), 2 credits A- (3.7). "
            "sophomore, 19, trying to get into the nursing program"
        ),
        [[("python_calculator", {"input": "(3*4.0 + 4*3.3 + 2*3.7) / (3 + 4 + 2)"})]],
        "Your GPA for those courses is about 3.62 — good luck with the nursing application!",
    ),
    # context: none
    Case(
        "backyard-fence-perimeter",
        (
            "Backyard is 48 ft by 32 ft and we want to fence the whole thing for the dog. "
            "How many feet of fencing?"
        ),
        [[("python_calculator", {"input": "2 * (48 + 32)"})]],
        (
            "You'll need 160 feet of fencing to go all the way around (minus whatever width "
            "the gate takes)."
        ),
    ),
    # context: 31 (current hourly pay)
    Case(
        "offer-hourly-rate",
        (
            "got an offer for $72000/yr!! assuming 40 hr weeks and 52 weeks, what's that "
            "hourly? I'm making 31/hr right now"
        ),
        [[("python_calculator", {"input": "72000 / (40 * 52)"})]],
        "That works out to about $34.62 an hour — a nice bump. Congrats!",
    ),
    # context: 2 (hours before the cafe stop)
    Case(
        "club-ride-miles",
        (
            "did 64 km with the cycling club this morning 🚴 how many miles is that? we "
            "stopped at a cafe after 2 hrs for cinnamon buns"
        ),
        [[("convert_units", {"value": 64, "from_unit": "km", "to_unit": "miles"})]],
        "64 km is about 39.77 miles — great ride, you earned the cinnamon buns!",
    ),
    # context: none
    Case(
        "quick-mail-check",
        "any new mail?",
        [[("count_unread", {})]],
        "Nope — 0 unread emails right now.",
    ),
    # context: none
    Case(
        "dana-extension",
        "whats dana whitfield's extension",
        [[("lookup_employee", {"name": "Dana Whitfield"})]],
        "Dana Whitfield's extension is 4417 (office B-214).",
    ),
    # context: 7 (dog's age)
    Case(
        "lab-mix-dose",
        (
            "Vet said 2.5 mg per kg for my dog's meds, she's 18.4 kg. How many mg per dose? "
            "She's a 7 yr old lab mix and hates pills"
        ),
        [[("multiply", {"a": 2.5, "b": 18.4})]],
        "That's 46 mg per dose. Hiding it in a bit of cheese or peanut butter usually helps!",
    ),
    # context: none
    Case(
        "absence-note-email",
        "email ms.alvarez@lincolnhs.org, subject 'Absence note for Jamie'",
        [
            [
                (
                    "send_email",
                    {"to": "ms.alvarez@lincolnhs.org", "subject": "Absence note for Jamie"},
                )
            ]
        ],
        (
            "Your email \"Absence note for Jamie\" to ms.alvarez@lincolnhs.org is queued "
            "(id 7f3a-24)."
        ),
    ),
    # context: 8.25 (sales tax rate)
    Case(
        "carpet-cost-before-tax",
        (
            "Carpet is $3.89 per sq ft and the room is 14 x 11.5 ft. What's the cost before "
            "tax? (tax here is 8.25% but I'll deal with that later)"
        ),
        [[("python_calculator", {"input": "3.89 * 14 * 11.5"})]],
        "Before tax, carpeting the room comes to $626.29 (161 sq ft at $3.89).",
    ),
    # context: 61 (age when the mortgage ends)
    Case(
        "mortgage-end-year-prime",
        "random q: is 2039 prime? that's when my mortgage is paid off and I'll be 61 lol",
        [[("is_prime", {"n": 2039})]],
        "Yes, 2039 is prime — a fittingly special year to be mortgage-free.",
    ),
    # context: 5'9 (height)
    Case(
        "daily-water-liters",
        (
            "Coach says I should drink 35 ml per kg of body weight. I'm 72 kg (5'9 if that "
            "matters). How many liters a day?"
        ),
        [[("python_calculator", {"input": "35 * 72 / 1000"})]],
        "That's 2.52 liters of water a day.",
    ),
    # context: 6 (textbook chapter)
    Case(
        "two-to-the-32",
        (
            "what's 2 to the power 32? reading ch. 6 of my networking textbook and it keeps "
            "coming up"
        ),
        [[("power", {"base": 2, "exponent": 32})]],
        (
            "2^32 = 4294967296 — that's the number of possible 32-bit addresses, which is why "
            "it keeps showing up in networking."
        ),
    ),
    # context: 5 (departure hour, am), 2 (friends coming along)
    Case(
        "banff-gas-one-way",
        (
            "road trip to Banff friday! 540 km, my car does 7.8 L/100km and gas is $1.62/L. "
            "how much for gas one way? leaving at 5am with 2 friends"
        ),
        [[("python_calculator", {"input": "540 / 100 * 7.8 * 1.62"})]],
        "Gas one way will be about $68.23 (about 42 L of fuel). Have a great trip!",
    ),
    # context: 3318 (race bib number)
    Case(
        "marathon-pace-per-km",
        (
            "Finished my marathon!! 26.2 miles in 4 hours 10 minutes. What's my pace per km? "
            "Bib number was 3318, keeping it forever"
        ),
        [
            [("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})],
            [("python_calculator", {"input": "(4*60 + 10) / 42.1648"})],
        ],
        (
            "26.2 miles is 42.16 km, so your pace was about 5.93 min/km — roughly 5:56 per "
            "km. Congrats!!"
        ),
    ),
    # context: 10 (days of the trip)
    Case(
        "japan-trip-savings",
        (
            "want to save $4200 for a trip to Japan next spring and I can put away $350 a "
            "month. how many months? thinking like 10 days there"
        ),
        [[("divide", {"a": 4200, "b": 350})]],
        "At $350 a month you'll have the $4200 in 12 months.",
    ),
    # context: 14 (crossword clue number)
    Case(
        "crossword-primes",
        "stuck on 14 across, clue wants a prime. which of these are prime: 221, 223, 227?",
        [[("is_prime", {"n": 221}), ("is_prime", {"n": 223}), ("is_prime", {"n": 227})]],
        "223 and 227 are both prime; 221 isn't.",
    ),
    # context: 40 (dumplings)
    Case(
        "potluck-two-emails",
        (
            "send an email with subject 'Potluck Saturday' to jen.ko@gmail.com and "
            "tomasz.w@outlook.com. I'm making like 40 dumplings so they better come"
        ),
        [
            [
                ("send_email", {"to": "jen.ko@gmail.com", "subject": "Potluck Saturday"}),
                ("send_email", {"to": "tomasz.w@outlook.com", "subject": "Potluck Saturday"}),
            ]
        ],
        (
            "Both are queued: jen.ko@gmail.com (id 7f3a-16) and tomasz.w@outlook.com "
            "(id 7f3a-20)."
        ),
    ),
    # context: 3 (floor of the front desk)
    Case(
        "badge-dropoff-lookups",
        (
            "need to find Alicia Moreno and Ben Fairweather, I picked up their new badges "
            "from the 3rd floor front desk"
        ),
        [
            [
                ("lookup_employee", {"name": "Alicia Moreno"}),
                ("lookup_employee", {"name": "Ben Fairweather"}),
            ]
        ],
        (
            "Alicia Moreno and Ben Fairweather are both in office B-214 (extension 4417), so "
            "you can drop off both badges in one trip."
        ),
    ),
    # context: 165 (price per cubic yard)
    Case(
        "shed-slab-cubic-yards",
        (
            "pouring a shed slab 12 ft x 10 ft, 4 inches thick. how many cubic yards of "
            "concrete? the truck is $165/yd"
        ),
        [[("python_calculator", {"input": "12 * 10 * (4 / 12) / 27"})]],
        "You'll need about 1.48 cubic yards of concrete — order 1.5 to be safe.",
    ),
    # context: 23 (age)
    Case(
        "credit-card-year-owed",
        (
            "ok don't judge me. $1200 on a card at 24.99% APR, if I pay nothing for 12 months "
            "(compounded monthly) how much will I owe? I'm 23 and learning the hard way"
        ),
        [[("python_calculator", {"input": "1200 * (1 + 24.99/100/12) ** 12"})]],
        (
            "You'd owe about $1536.73 after 12 months — around $337 in interest. No judgment, "
            "you're asking the right question!"
        ),
    ),
    # context: 58 (age), 9 (kg pack weight)
    Case(
        "camino-daily-miles",
        (
            "Planning the Camino: 780 km in 32 days. What's that per day in miles? I'm 58 "
            "and training with a 9 kg pack"
        ),
        [
            [("divide", {"a": 780, "b": 32})],
            [("convert_units", {"value": 24.375, "from_unit": "km", "to_unit": "miles"})],
        ],
        "That's 24.375 km a day, or about 15.15 miles per day. Buen Camino!",
    ),
    # context: 3 (cans per day)
    Case(
        "sparkling-water-per-can",
        (
            "Costco has a 24-pack of sparkling water for $11.49, the corner store has an "
            "8-pack for $4.29. which is cheaper per can? I drink like 3 a day"
        ),
        [[("divide", {"a": 11.49, "b": 24}), ("divide", {"a": 4.29, "b": 8})]],
        "The 24-pack is cheaper: about $0.48 per can vs. $0.54 per can for the 8-pack.",
    ),
    # context: 8 (niece's age)
    Case(
        "sweater-yarn-skeins",
        (
            "Knitting a sweater for my niece who turns 8 next month — pattern needs 1350 "
            "yards and each skein is 220 yards. How many skeins should I buy?"
        ),
        [[("divide", {"a": 1350, "b": 220})]],
        "That's about 6.14 skeins, so buy 7.",
    ),
    # context: 30 (birthday)
    Case(
        "shares-gain",
        (
            "Bought 15 shares at $42.10 on my 30th birthday, they're at $57.85 now. What's my "
            "total gain?"
        ),
        [[("python_calculator", {"input": "15 * (57.85 - 42.10)"})]],
        "Your total gain is $236.25 ($15.75 per share). Nice!",
    ),
    # context: none
    Case(
        "plain-multiply",
        "what's 17.5 times 48",
        [[("multiply", {"a": 17.5, "b": 48})]],
        "17.5 × 48 = 840.",
    ),
    # context: none
    Case(
        "divide-by-seven",
        "divide 1000 by 7 please",
        [[("divide", {"a": 1000, "b": 7})]],
        "1000 ÷ 7 ≈ 142.857.",
    ),
    # context: none
    Case(
        "is-1009-prime",
        "is 1009 prime",
        [[("is_prime", {"n": 1009})]],
        "Yes, 1009 is prime.",
    ),
    # context: none
    Case(
        "five-km-miles",
        "5 km in miles?",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "5 km is about 3.11 miles.",
    ),
    # context: none
    Case(
        "one-oh-five-tenth-power",
        "1.05^10 = ?",
        [[("power", {"base": 1.05, "exponent": 10})]],
        "1.05^10 ≈ 1.6289.",
    ),
    # context: 6 (baby's age in weeks), 7 (birth weight pounds), 2 (birth weight ounces)
    Case(
        "newborn-formula-ounces",
        (
            "newborn drinks 4 oz every 3 hours, how many oz is that in a day? she's 6 weeks "
            "old, was 7 lb 2 oz at birth. sleep deprived mom here"
        ),
        [[("python_calculator", {"input": "24 / 3 * 4"})]],
        "That's 32 oz a day (8 feedings of 4 oz). Hang in there!",
    ),
    # context: 11 (neon tetras)
    Case(
        "tetra-tank-liters",
        (
            "my new aquarium is 60 x 30 x 36 cm, how many liters? 11 neon tetras are floating "
            "in a bag waiting lol"
        ),
        [[("python_calculator", {"input": "60 * 30 * 36 / 1000"})]],
        "Your tank holds 64.8 liters (a bit less once gravel and decor go in).",
    ),
    # context: 3 (weeks the last payment was late)
    Case(
        "freelance-invoice-total",
        (
            "need to invoice a client: 37.5 hours at $65/hr plus $120 for a software license. "
            "total? they were 3 weeks late paying the last one so I want it right"
        ),
        [[("python_calculator", {"input": "37.5 * 65 + 120"})]],
        "The invoice total is $2557.50 ($2437.50 for labor plus $120 for the license).",
    ),
    # context: 7 (meeting time tonight)
    Case(
        "prime-then-email",
        (
            "for our math club (meets at 7 tonight): check if 4093 is prime, and if it is, "
            "email puzzles@mathclub.org with subject 'Prime confirmed'"
        ),
        [
            [("is_prime", {"n": 4093})],
            [("send_email", {"to": "puzzles@mathclub.org", "subject": "Prime confirmed"})],
        ],
        (
            "4093 is prime, so I emailed puzzles@mathclub.org with the subject \"Prime "
            "confirmed\" (queued, id 7f3a-20)."
        ),
    ),
    # context: 6:45 (flight time)
    Case(
        "airport-uber-split",
        (
            "uber to the airport was $63.20 and I want to add a $10 tip, splitting between "
            "the 4 of us. how much each? flight's at 6:45am ugh"
        ),
        [[("python_calculator", {"input": "(63.20 + 10) / 4"})]],
        "Each of you owes $18.30. Safe flight!",
    ),
    # context: 40 (age this year)
    Case(
        "weekly-mileage-ramp",
        (
            "currently running 20 miles a week, want to increase 10% each week. where will I "
            "be in 6 weeks? turning 40 this year and want to do a marathon"
        ),
        [[("python_calculator", {"input": "20 * (1 + 10/100) ** 6"})]],
        "After 6 weeks of 10% increases you'd be at about 35.4 miles a week.",
    ),
    # context: 4 (years at the job)
    Case(
        "commute-week-km",
        (
            "commute is 18 miles each way, 5 days a week. how many km is that weekly? 4 "
            "years at this job and the drive still sucks"
        ),
        [
            [("python_calculator", {"input": "18 * 2 * 5"})],
            [("convert_units", {"value": 180, "from_unit": "miles", "to_unit": "km"})],
        ],
        "That's 180 miles a week, or about 289.7 km.",
    ),
    # context: 2 (age of the sourdough starter)
    Case(
        "sourdough-hydration-water",
        (
            "baking sourdough: 500 g flour at 72% hydration, how much water? my starter "
            "Gerald just turned 2 🥖"
        ),
        [[("python_calculator", {"input": "500 * 72 / 100"})]],
        "You'll need 360 g of water. Happy birthday, Gerald!",
    ),
    # context: 8 (movies), 9 (start time, am), 3 (friends)
    Case(
        "movie-marathon-hours",
        (
            "doing all 8 Harry Potter movies back to back, total runtime is 1179 minutes. how "
            "many hours is that?? starting at 9am with 3 friends"
        ),
        [[("divide", {"a": 1179, "b": 60})]],
        "1179 minutes is 19.65 hours — about 19 hours 39 minutes. Stock up on snacks!",
    ),
    # context: 2012 (year the account was made)
    Case(
        "password-combinations",
        (
            "how many possible 6-character passwords are there if each character can be one "
            "of 62 (letters + digits)? my account from 2012 still uses one lol"
        ),
        [[("power", {"base": 62, "exponent": 6})]],
        (
            "There are 56800235584 possible 6-character passwords (about 56.8 billion). Might "
            "be time to update that old one!"
        ),
    ),
    # context: 1978 (year the house was built)
    Case(
        "bathroom-tile-count",
        (
            "bathroom floor is 62 sq ft, each tile covers 1.5 sq ft, and I want 10% extra for "
            "cuts. how many tiles? house was built in 1978 so nothing is square"
        ),
        [[("python_calculator", {"input": "62 / 1.5 * (1 + 10/100)"})]],
        "That comes to about 45.5 tiles, so buy 46 — maybe a couple more since nothing's square.",
    ),
    # context: 37 (applications this month)
    Case(
        "recruiter-application-email",
        (
            "send an email to hiring@lumenworks.co, subject 'Application - Junior Data "
            "Analyst'. that's like my 37th application this month 😩"
        ),
        [
            [
                (
                    "send_email",
                    {
                        "to": "hiring@lumenworks.co",
                        "subject": "Application - Junior Data Analyst",
                    },
                )
            ]
        ],
        (
            "Your application email to hiring@lumenworks.co is queued (id 7f3a-20). Fingers "
            "crossed on this one!"
        ),
    ),
    # context: 185 (registration fee)
    Case(
        "first-ultra-km",
        (
            "my first ultra is 50 miles... how many km is that?? registration was $185 and "
            "now I'm scared"
        ),
        [[("convert_units", {"value": 50, "from_unit": "miles", "to_unit": "km"})]],
        "50 miles is about 80.47 km. You've got this!",
    ),
    # context: none
    Case(
        "birth-years-prime",
        "I was born in 1997 and my partner in 1999. are both of those years prime?",
        [[("is_prime", {"n": 1997}), ("is_prime", {"n": 1999})]],
        "Yes — 1997 and 1999 are both prime (twin primes, even).",
    ),
    # context: 17 (worksheet problem number)
    Case(
        "worksheet-square-root",
        "what's the square root of 2209? it's problem 17 on my kid's worksheet",
        [[("power", {"base": 2209, "exponent": 0.5})]],
        "The square root of 2209 is 47.",
    ),
    # context: 3 (shift)
    Case(
        "warehouse-overtime-gross",
        (
            "I make $24.50/hr at the warehouse, worked 46 hrs this week, anything over 40 is "
            "time and a half (1.5x). what's my gross? 3rd shift is killing me"
        ),
        [[("python_calculator", {"input": "40 * 24.50 + (46 - 40) * 24.50 * 1.5"})]],
        "Your gross pay this week is $1200.50 ($980 regular plus $220.50 overtime).",
    ),
    # context: none
    Case(
        "percent-of-845",
        "12% of 845?",
        [[("python_calculator", {"input": "845 * 12 / 100"})]],
        "12% of 845 is 101.4.",
    ),
    # context: none
    Case(
        "hundred-miles-km",
        "convert 100 miles to km",
        [[("convert_units", {"value": 100, "from_unit": "miles", "to_unit": "km"})]],
        "100 miles = 160.9344 km.",
    ),
    # context: none
    Case(
        "kenji-office-lookup",
        "Can you look up Kenji Sato for me? Need his office.",
        [[("lookup_employee", {"name": "Kenji Sato"})]],
        "Kenji Sato is in office B-214, extension 4417.",
    ),
    # context: 8 (budget in 万 yuan)
    Case(
        "living-room-floor-area",
        (
            "我家客厅长5.4米，宽3.8米，准备铺地砖，面积是多少平方米？"
            "装修预算大概8万，希望别超😅"
        ),
        [[("multiply", {"a": 5.4, "b": 3.8})]],
        "客厅面积是20.52平方米。买地砖时记得多留一点损耗。",
    ),
    # context: 32 (age)
    Case(
        "red-envelope-split",
        (
            "过年要给5个侄子侄女发红包，一共准备了3000块，平均每人多少？"
            "我今年32了还没结婚，又要被催了😂"
        ),
        [[("divide", {"a": 3000, "b": 5})]],
        "平均每人600元。祝你过年少被催婚！",
    ),
    # context: 1 (commute of an hour and a half)
    Case(
        "mortgage-per-year",
        "每个月房贷4850，一年下来要还多少？在深圳上班，每天通勤1个半小时",
        [[("multiply", {"a": 4850, "b": 12})]],
        "一年要还58200元房贷。",
    ),
    # context: 68 (body weight in kg)
    Case(
        "ten-k-pace",
        "今天跑了10公里，用时52分钟，配速是每公里几分钟？我体重68公斤，正在减肥中",
        [[("divide", {"a": 52, "b": 10})]],
        "你的配速是每公里5.2分钟，也就是5分12秒。",
    ),
    # context: 2 (years volunteering)
    Case(
        "stray-cat-growth",
        (
            "我们小区去年有12只流浪猫，如果每年增长25%，3年后大概有多少只？"
            "我做小区志愿者已经2年了"
        ),
        [[("python_calculator", {"input": "12 * (1 + 25/100) ** 3"})]],
        "3年后大约会有23只流浪猫（计算结果约23.4只）。",
    ),
    # context: 3 (friend's visit count)
    Case(
        "beijing-tianjin-miles",
        (
            "从北京开车到天津大概137公里，换算成英里是多少？"
            "我美国朋友第3次来中国，想让他有个概念"
        ),
        [[("convert_units", {"value": 137, "from_unit": "km", "to_unit": "miles"})]],
        "137公里大约是85.13英里。",
    ),
    # context: 3 (o'clock meeting this afternoon)
    Case(
        "meeting-reschedule-email",
        (
            "帮我给 zhang.wei@huaxin-tech.cn 发封邮件，标题写'周五会议改期'，"
            "我下午3点还有个会，来不及自己发了"
        ),
        [[("send_email", {"to": "zhang.wei@huaxin-tech.cn", "subject": "周五会议改期"})]],
        "邮件已排队发送给 zhang.wei@huaxin-tech.cn，标题“周五会议改期”，编号 7f3a-24。",
    ),
    # context: 2 (books borrowed)
    Case(
        "li-na-office",
        "帮我查一下李娜在哪个办公室，上周借了她2本书要还",
        [[("lookup_employee", {"name": "李娜"})]],
        "李娜在B-214办公室，分机4417，可以直接把书送过去。",
    ),
    # context: none
    Case(
        "unread-check-zh",
        "看一下我有没有未读邮件",
        [[("count_unread", {})]],
        "你目前没有未读邮件（0封）。",
    ),
    # context: none
    Case(
        "three-to-the-twentieth",
        "3的20次方等于多少？",
        [[("power", {"base": 3, "exponent": 20})]],
        "3的20次方等于3486784401。",
    ),
    # context: 4 (thousand yuan commission last month)
    Case(
        "sales-commission",
        (
            "这个月业绩186000元，提成比例2.5%，能拿多少提成？"
            "上个月才4千出头，这个月加了好多班"
        ),
        [[("python_calculator", {"input": "186000 * 2.5 / 100"})]],
        "这个月的提成是4650元，比上个月多不少，辛苦了！",
    ),
    # context: 3 (puppy's age in months)
    Case(
        "bedroom-paint-buckets",
        (
            "卧室墙面大概45平方米，一桶漆能刷12平方米，要刷两遍，需要几桶？"
            "家里小狗才3个月大，希望味道别太大"
        ),
        [[("python_calculator", {"input": "45 * 2 / 12"})]],
        "一共需要7.5桶，建议买8桶。可以选环保低味的漆。",
    ),
    # context: 45 (days until the gaokao)
    Case(
        "mock-exam-average",
        "三次模拟考数学分别是118、126、131，平均分多少？离高考只剩45天了😭",
        [[("python_calculator", {"input": "(118 + 126 + 131) / 3"})]],
        "三次模拟考的平均分是125分，加油！",
    ),
    # context: 553 (ticket price)
    Case(
        "high-speed-rail-speed",
        "坐高铁1318公里用了4.5小时，平均时速是多少？二等座票价553，还挺值",
        [[("divide", {"a": 1318, "b": 4.5})]],
        "平均时速约292.9公里/小时。",
    ),
    # context: 3 (months the project dragged on)
    Case(
        "wang-lei-contract-email",
        (
            "帮我查一下王磊的分机号，再给 wang.lei@dongfang.com 发封邮件，主题'合同已签'。"
            "这个项目拖了3个月终于搞定了"
        ),
        [
            [
                ("lookup_employee", {"name": "王磊"}),
                ("send_email", {"to": "wang.lei@dongfang.com", "subject": "合同已签"}),
            ]
        ],
        (
            "王磊的分机是4417（办公室B-214），邮件“合同已签”也已排队发送，"
            "编号7f3a-21。恭喜项目落地！"
        ),
    ),
]

SHORT = [
    # unused: 9.99 (delivery fee)
    Case(
        "groceries-delivery-fee-short",
        (
            "split the grocery order with my 3 housemates — $142.60 for groceries, 4 of us "
            "total, plus the $9.99 delivery fee. what's each person's share?"
        ),
        [[("divide", {"a": 142.60, "b": 4})]],
        "Each person's share is $35.65.",
    ),
    # unused: 18 (tip percent)
    Case(
        "tax-and-tip-short",
        (
            "bill was $64 before tax. tax is 8.5% and I want to tip 18% on the pre-tax "
            "amount. what's my total?"
        ),
        [[("python_calculator", {"input": "64 * (1 + 8.5/100)"})]],
        "Your total comes to $69.44.",
    ),
    # unused: 3 (coats)
    Case(
        "living-room-coats-short",
        (
            "living room walls add up to 380 sq ft, a gallon covers 400 sq ft, and it's a "
            "dark color going to light so I'm doing 3 coats. gallons?"
        ),
        [[("divide", {"a": 380, "b": 400})]],
        "You'll need about 0.95 gallons, so a single gallon will cover it.",
    ),
    # unused: 7 (years)
    Case(
        "compound-years-short",
        "If I invest $8000 at 5% compounded annually for 7 years, what's the ending balance?",
        [[("python_calculator", {"input": "8000 * (1 + 5/100)"})]],
        "Your ending balance would be $8400.",
    ),
    # unused: 80 (driving speed in km/h)
    Case(
        "lake-cabin-drive-short",
        (
            "cabin at the lake is 45 miles away. how far is that in km, and how long will it "
            "take at 80 km/h? bringing the kayaks this time"
        ),
        [[("convert_units", {"value": 45, "from_unit": "miles", "to_unit": "km"})]],
        "The lake is about 72.4 km away.",
    ),
    # unused: 3.79 (gas price per gallon)
    Case(
        "nashville-fuel-short",
        (
            "Trip to Nashville is 320 miles, my car gets 28 mpg and gas is $3.79/gal. What "
            "will fuel cost me?"
        ),
        [[("divide", {"a": 320, "b": 28})]],
        "You'll need about 11.43 gallons for the trip.",
    ),
    # unused: 6 (retirement contribution percent)
    Case(
        "take-home-retirement-short",
        (
            "gross pay is 5400 a month, 22% goes to taxes and I put 6% of gross into "
            "retirement. what's my take-home?"
        ),
        [[("python_calculator", {"input": "5400 * (1 - 22/100)"})]],
        "Your take-home pay is $4212 a month.",
    ),
    # unused: 100 (grams of extra pasta)
    Case(
        "party-pasta-short",
        (
            "recipe makes 6 servings with 450 g of pasta. cooking for 15 at my kid's "
            "graduation party and want an extra 100 g for leftovers. how much pasta?"
        ),
        [[("python_calculator", {"input": "450 / 6 * 15"})]],
        "You'll need 1125 g of pasta.",
    ),
    # unused: 13 (third bedroom's length in feet)
    Case(
        "three-bedroom-carpet-short",
        (
            "Getting carpet for 3 bedrooms: 11x12, 10x10 and 12x13 ft. What's the total "
            "square footage?"
        ),
        [
            [("multiply", {"a": 11, "b": 12}), ("multiply", {"a": 10, "b": 10})],
            [("python_calculator", {"input": "132 + 100"})],
        ],
        "You'll need 232 sq ft of carpet in total.",
    ),
    # unused: 11.25 (board price per square foot)
    Case(
        "composite-deck-short",
        "deck will be 16 x 12 ft and the composite boards run $11.25 per sq ft. ballpark cost?",
        [[("multiply", {"a": 16, "b": 12})]],
        "That's 192 sq ft of decking.",
    ),
    # unused: 75 (weekend bonus)
    Case(
        "weekend-bonus-pay-short",
        (
            "worked 40 hours at $19/hr this week plus I got a $75 bonus for covering a "
            "weekend shift. total pay?"
        ),
        [[("multiply", {"a": 40, "b": 19})]],
        "Your total pay this week is $760.",
    ),
    # unused: 200 (starting cell count)
    Case(
        "tripling-bacteria-short",
        (
            "bio homework: a bacteria sample starts at 200 cells and triples every hour. how "
            "many after 5 hours?"
        ),
        [[("power", {"base": 3, "exponent": 5})]],
        "After 5 hours there will be 243 cells.",
    ),
    # unused: 3.785 (liters per US gallon)
    Case(
        "rental-car-mpg-short",
        (
            "rented a car in Canada, drove 520 km on 38 liters. what's that in miles per "
            "gallon? (1 US gal = 3.785 L)"
        ),
        [
            [("convert_units", {"value": 520, "from_unit": "km", "to_unit": "miles"})],
            [("divide", {"a": 323.1129, "b": 38})],
        ],
        "That works out to about 8.5 mpg.",
    ),
    # unused: 10 (waste percent)
    Case(
        "kitchen-tile-waste-short",
        (
            "kitchen floor is 120 sq ft, each tile covers 2.25 sq ft, and the guy at the "
            "store said add 10% for waste. how many tiles?"
        ),
        [[("divide", {"a": 120, "b": 2.25})]],
        "You'll need 54 tiles.",
    ),
    # unused: 1500 (amount already saved)
    Case(
        "used-car-savings-short",
        (
            "saving for a used car, need $6000. I already have 1500 put away and can save "
            "375 a month. how many more months?"
        ),
        [[("divide", {"a": 6000, "b": 375})]],
        "You'll have it in 16 months.",
    ),
    # unused: 12 (monthly service charge)
    Case(
        "electric-service-charge-short",
        (
            "used 540 kWh last month at $0.14 per kWh, plus the utility adds a $12 monthly "
            "service charge. what's the bill?"
        ),
        [[("multiply", {"a": 540, "b": 0.14})]],
        "Your electric bill is $75.60.",
    ),
    # unused: 20 (coupon)
    Case(
        "jacket-coupon-short",
        (
            "the jacket I want is $180, it's 30% off this weekend and I have a $20 coupon on "
            "top of that. final price?"
        ),
        [[("python_calculator", {"input": "180 * (1 - 30/100)"})]],
        "The jacket's final price is $126.",
    ),
    # unused: 5 (workdays)
    Case(
        "office-commute-miles-short",
        (
            "my office is 12 km away. how many miles do I drive getting there over 5 "
            "workdays (one way each day)?"
        ),
        [[("convert_units", {"value": 12, "from_unit": "km", "to_unit": "miles"})]],
        "That's about 7.46 miles.",
    ),
    # unused: 2767 (second addend)
    Case(
        "sum-prime-check-short",
        "my daughter says 1234 + 2767 is a prime number. is she right?",
        [[("is_prime", {"n": 1234})]],
        "No, she's not right — it isn't prime, it's even.",
    ),
    # unused: 4.50 (installed price per square foot)
    Case(
        "vinyl-plank-short",
        "two rooms: 12x14 and 10x11 ft. vinyl plank is $4.50 a sq ft installed. total cost?",
        [
            [("multiply", {"a": 12, "b": 14}), ("multiply", {"a": 10, "b": 11})],
            [("python_calculator", {"input": "168 + 110"})],
        ],
        "Both rooms together come to 278 sq ft — that's your total.",
    ),
    # unused: 1.2 (warmup miles)
    Case(
        "park-loop-warmup-short",
        "did 3 laps of the 8 km park loop plus a 1.2 mile warmup. total distance in miles?",
        [
            [("convert_units", {"value": 8, "from_unit": "km", "to_unit": "miles"})],
            [("multiply", {"a": 4.971, "b": 3})],
        ],
        "You ran about 14.91 miles total. Nice work!",
    ),
    # unused: 22 (tolls)
    Case(
        "gas-and-tolls-short",
        "road trip split: gas was $96, tolls $22, 4 of us in the car. what does everyone owe?",
        [[("divide", {"a": 96, "b": 4})]],
        "Everyone owes $24.",
    ),
    # unused: 4000 (deposit)
    Case(
        "index-fund-growth-short",
        (
            "putting $4000 in an index fund, assuming 8% a year for 12 years, what's the "
            "final balance?"
        ),
        [[("power", {"base": 1.08, "exponent": 12})]],
        "After 12 years your money grows by a factor of about 2.52.",
    ),
    # unused: 2.2 (pounds per kilogram)
    Case(
        "kid-dose-pounds-short",
        "pediatrician said 15 mg per kg, my son weighs 40 lb. how many mg? (1 kg = 2.2 lb)",
        [[("multiply", {"a": 15, "b": 40})]],
        "His dose would be 600 mg.",
    ),
    # unused: 33 (hours already logged)
    Case(
        "pilot-hours-short",
        (
            "I need 120 flight hours for my license, I've already logged 33, and I can fly "
            "about 6 hours a week. how many weeks left?"
        ),
        [[("divide", {"a": 120, "b": 6})]],
        "You've got about 20 weeks to go.",
    ),
    # unused: 12 (Saturday's km)
    Case(
        "weekly-runs-miles-short",
        "ran 5 km Monday, 8 km Wednesday and 12 km Saturday. total for the week in miles?",
        [
            [("python_calculator", {"input": "5 + 8"})],
            [("convert_units", {"value": 13, "from_unit": "km", "to_unit": "miles"})],
        ],
        "You ran about 8.08 miles this week.",
    ),
    # unused: 42000 (current population)
    Case(
        "town-population-short",
        (
            "our town has 42000 people and is growing 3% a year. what'll the population be "
            "in 10 years?"
        ),
        [[("power", {"base": 1.03, "exponent": 10})]],
        "In 10 years the population will be about 1.34 times bigger.",
    ),
    # unused: 80 (goal weight in kg)
    Case(
        "weight-goal-weeks-short",
        (
            "I'm 94 kg, goal is 80 kg, and I'm losing about 0.7 kg a week. how many weeks "
            "till I hit my goal?"
        ),
        [[("divide", {"a": 94, "b": 0.7})]],
        "About 134 weeks to reach your goal.",
    ),
    # unused: 2 (salt percent)
    Case(
        "bread-water-salt-short",
        (
            "scaling my bread: 750 g flour, 65% hydration and 2% salt. how much water and "
            "salt do I need?"
        ),
        [[("python_calculator", {"input": "750 * 65 / 100"})]],
        "You need 487.5 g of water.",
    ),
    # unused: 8 (liters taken up by gravel and rocks)
    Case(
        "aquarium-gravel-short",
        (
            "tank is 90 x 40 x 45 cm and the gravel and rocks take up about 8 liters. how "
            "much water will it actually hold?"
        ),
        [[("python_calculator", {"input": "90 * 40 * 45 / 1000"})]],
        "It will hold 162 liters of water.",
    ),
    # unused: 39 (gym membership per month)
    Case(
        "subscriptions-yearly-short",
        "Netflix 15.49/mo, Spotify 11.99/mo, gym 39/mo. what am I paying per year for all of it?",
        [[("python_calculator", {"input": "(15.49 + 11.99) * 12"})]],
        "All together you're paying $329.76 a year.",
    ),
    # unused: 150 (software subscriptions)
    Case(
        "freelance-leftover-short",
        (
            "made $3800 freelancing this month. setting aside 25% for taxes and $150 for "
            "software subscriptions. what's left to spend?"
        ),
        [[("python_calculator", {"input": "3800 * (1 - 25/100)"})]],
        "You'll have $2850 left to spend.",
    ),
    # unused: 2.5 (cups of flour per batch)
    Case(
        "school-fair-flour-short",
        (
            "need 90 cookies for the school fair, one batch makes 24 and uses 2.5 cups of "
            "flour. how much flour do I need?"
        ),
        [[("divide", {"a": 90, "b": 24})]],
        "You'll need 3.75 batches' worth — call it 4 batches.",
    ),
    # unused: 567 (hotel block total)
    Case(
        "conference-budget-short",
        (
            "budgeting the conference: 5 people flying at $420 each, and the hotel block is "
            "$567 total. whole trip cost?"
        ),
        [[("multiply", {"a": 5, "b": 420})]],
        "The whole trip will cost $2100.",
    ),
    # unused: 40 (materials)
    Case(
        "invoice-email-short",
        (
            "email bob.chen@acme.io with subject 'Invoice total' — and tell me what the "
            "total is: 12 hours at $85 plus $40 in materials"
        ),
        [
            [
                ("send_email", {"to": "bob.chen@acme.io", "subject": "Invoice total"}),
                ("multiply", {"a": 12, "b": 85}),
            ]
        ],
        "Email queued (id 7f3a-16). The invoice total is $1020.",
    ),
    # unused: 3 (PTO days already booked)
    Case(
        "pto-lookup-short",
        (
            "look up Hannah Lee for me, and how many PTO days does she have left? she gets "
            "25 a year, has used 11, and has 3 more booked for next week"
        ),
        [
            [
                ("lookup_employee", {"name": "Hannah Lee"}),
                ("python_calculator", {"input": "25 - 11"}),
            ]
        ],
        "Hannah Lee is in office B-214 (extension 4417), and she has 14 PTO days left.",
    ),
    # unused: 2.5 (hours of driving)
    Case(
        "parents-drive-speed-short",
        "drove 150 miles to my parents' in 2.5 hours. average speed in km/h?",
        [[("convert_units", {"value": 150, "from_unit": "miles", "to_unit": "km"})]],
        "Your average speed was about 241.4 km/h.",
    ),
    # unused: 20 (highway toll)
    Case(
        "airport-taxi-toll-short",
        "打车去机场花了128元，高速费另外20元，4个人平摊，每人多少钱？",
        [[("divide", {"a": 128, "b": 4})]],
        "每人32元。",
    ),
    # unused: 25 (installation fee per square meter)
    Case(
        "wood-floor-install-short",
        "客厅35平方米，木地板每平方米168元，安装费每平方米25元，一共要多少钱？",
        [[("multiply", {"a": 35, "b": 168})]],
        "一共需要5880元。",
    ),
    # unused: 980 (social insurance and housing fund deduction)
    Case(
        "salary-deduction-short",
        "底薪6500，这个月加班费1200，扣五险一金980，到手多少？",
        [[("python_calculator", {"input": "6500 + 1200"})]],
        "这个月到手7700元。",
    ),
    # unused: 6.5 (yesterday's km)
    Case(
        "two-day-run-miles-short",
        "今天跑了8公里，昨天跑了6.5公里，两天一共多少英里？",
        [[("convert_units", {"value": 8, "from_unit": "km", "to_unit": "miles"})]],
        "两天一共约4.97英里。",
    ),
    # unused: 5600 (amount already saved)
    Case(
        "laptop-savings-short",
        "想攒20000块买电脑，已经存了5600，每个月能存1800，还要几个月？",
        [[("divide", {"a": 20000, "b": 1800})]],
        "大约还需要12个月。",
    ),
    # unused: 3 (years of the deposit)
    Case(
        "fixed-deposit-compound-short",
        "100000存3年定期，年利率2.6%，按复利算到期能拿多少？",
        [[("python_calculator", {"input": "100000 * (1 + 2.6/100)"})]],
        "到期可以拿到102600元。",
    ),
    # unused: 3 (family members)
    Case(
        "rice-for-guests-short",
        "每人吃150克米，家里来了7个客人，加上我们家3口人，要煮多少克米？",
        [[("multiply", {"a": 150, "b": 7})]],
        "需要煮1050克米。",
    ),
    # unused: 7.9 (fuel price per liter)
    Case(
        "hangzhou-fuel-cost-short",
        "开车去杭州180公里，百公里油耗7.2升，油价7.9元一升，油费大概多少？",
        [[("python_calculator", {"input": "180 / 100 * 7.2"})]],
        "这趟大概需要12.96升油。",
    ),
]
